import { ZOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminPlanKeys, PUBLIC_PLANS_KEY } from './admin-plan-keys';

/** DELETE /api/admin/plans/:id: only a plan no account uses (409 otherwise: archive it instead). */
export function deletePlan(id: string) {
  return apiSend('DELETE', `/admin/plans/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPlanKeys.all }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_PLANS_KEY }),
      ]),
  });
}
