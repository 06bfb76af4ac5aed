import { ZRoutingRuleList, type TRoutingRuleList } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { routingKeys } from './query-keys';

/**
 * PUT /api/routing-rules/order: every rule of the account, in its new order. 409 `errors.ruleOrderMismatch` when the
 * rules changed meanwhile (someone else added or deleted one), so that no rule is silently left out.
 */
export function reorderRoutingRules(ids: readonly string[]): Promise<TRoutingRuleList> {
  return apiSend('PUT', '/routing-rules/order', { ids: [...ids] }, ZRoutingRuleList);
}

export function useReorderRoutingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRoutingRules,
    onSuccess: (list) => queryClient.setQueryData(routingKeys.rules(), list),
    // A refused order means the list shown is out of date: it is fetched again.
    onError: () => queryClient.invalidateQueries({ queryKey: routingKeys.rules() }),
  });
}
