import { ZAdminPlan, type TAdminPlan } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminPlanKeys } from './admin-plan-keys';

/** POST /api/admin/plans/:id/paypal-plans: the plan's product and monthly and yearly billing plans made in PayPal (decision 095). */
export function createPayPalPlans(id: string): Promise<TAdminPlan> {
  return apiSend('POST', `/admin/plans/${encodeURIComponent(id)}/paypal-plans`, undefined, ZAdminPlan);
}

export function useCreatePayPalPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayPalPlans,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPlanKeys.all }),
  });
}
