import { ZAdminPlan, type TAdminPlan } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminPlanKeys, PUBLIC_PLANS_KEY } from './admin-plan-keys';

/** POST /api/admin/plans/:id/archive or /restore: off the public pages, or back on them. */
export function setPlanArchived({ id, archived }: { id: string; archived: boolean }): Promise<TAdminPlan> {
  return apiSend('POST', `/admin/plans/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`, undefined, ZAdminPlan);
}

export function useSetPlanArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanArchived,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPlanKeys.all }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_PLANS_KEY }),
      ]),
  });
}
