import { ZAdminPlan, type TAdminPlan } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminPlanKeys } from './admin-plan-keys';

/** POST /api/admin/plans/:id/stripe-prices: the plan's product and monthly and yearly prices made in Stripe, and named on it. */
export function createStripePrices(id: string): Promise<TAdminPlan> {
  return apiSend('POST', `/admin/plans/${encodeURIComponent(id)}/stripe-prices`, undefined, ZAdminPlan);
}

export function useCreateStripePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStripePrices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPlanKeys.all }),
  });
}
