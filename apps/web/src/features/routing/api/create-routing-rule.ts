import { ZRoutingRule, type TRoutingRule, type TRoutingRuleInput } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { routingKeys } from './query-keys';

/** POST /api/routing-rules: a new rule, tried after the others. 400 when the account has its most rules. */
export function createRoutingRule(input: TRoutingRuleInput): Promise<TRoutingRule> {
  return apiSend('POST', '/routing-rules', input, ZRoutingRule);
}

export function useCreateRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoutingRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingKeys.rules() }),
  });
}
