import { ZPlansResponse, type TPlansResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** The public catalogue's key: the back office marks it stale when it changes a plan. */
export const plansQueryKey = ['plans'] as const;

/**
 * GET /api/plans: the plan catalogue on sale, in catalogue order (DESIGN.md "Plans"). Public, no sign-in: /pricing,
 * /fax-plans and /user/billing show it.
 */
export function getPlans(): Promise<TPlansResponse> {
  return apiGet('/plans', ZPlansResponse);
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: plansQueryKey,
    queryFn: getPlans,
    // The catalogue changes rarely (the server lets caches keep it for a minute too).
    staleTime: 5 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
