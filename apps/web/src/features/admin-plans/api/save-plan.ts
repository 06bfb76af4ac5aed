import { ZAdminPlan, type TAdminPlan, type TAdminPlanInput } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminPlanKeys, PUBLIC_PLANS_KEY } from './admin-plan-keys';

export type TSavePlan = { id: string | null; input: TAdminPlanInput };

/** POST /api/admin/plans (a new plan) or PUT /api/admin/plans/:id (an edit). */
export function savePlan({ id, input }: TSavePlan): Promise<TAdminPlan> {
  return id
    ? apiSend('PUT', `/admin/plans/${encodeURIComponent(id)}`, input, ZAdminPlan)
    : apiSend('POST', '/admin/plans', input, ZAdminPlan);
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPlanKeys.all }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_PLANS_KEY }),
      ]),
  });
}
