import { ZRoutingRule, type TRoutingRule, type TRoutingRuleInput } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { routingKeys } from './query-keys';

export type TUpdateRoutingRule = { id: string; input: TRoutingRuleInput };

/** PUT /api/routing-rules/:id: the whole rule again (turning it on or off too). 404 when it is gone. */
export function updateRoutingRule({ id, input }: TUpdateRoutingRule): Promise<TRoutingRule> {
  return apiSend('PUT', `/routing-rules/${encodeURIComponent(id)}`, input, ZRoutingRule);
}

export function useUpdateRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoutingRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingKeys.rules() }),
  });
}
