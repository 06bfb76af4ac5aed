import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { routingKeys } from './query-keys';

/** DELETE /api/routing-rules/:id: the rule places no more faxes; those it placed stay where they are. */
export function deleteRoutingRule(id: string): Promise<TOk> {
  return apiSend('DELETE', `/routing-rules/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useDeleteRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoutingRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingKeys.rules() }),
  });
}
