import { ZRoutingRuleList, type TRoutingRuleList } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

import { routingKeys } from './query-keys';

/** GET /api/routing-rules: the account's rules in the order they are tried. 403 unless owner or sub-admin. */
export function getRoutingRules(): Promise<TRoutingRuleList> {
  return apiGet('/routing-rules', ZRoutingRuleList);
}

/** A refusal (403) says who may manage the rules: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const routingRulesQueryOptions = () =>
  queryOptions({
    queryKey: routingKeys.rules(),
    queryFn: getRoutingRules,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useRoutingRules() {
  return useQuery(routingRulesQueryOptions());
}
