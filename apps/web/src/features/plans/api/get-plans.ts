import { ZPlansResponse, type TPlansResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/plans: the plan catalogue on sale, in catalogue order (DESIGN.md "Plans"). Public, no sign-in. */
export function getPlans(): Promise<TPlansResponse> {
  return apiGet('/plans', ZPlansResponse);
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: getPlans,
    // The catalogue changes rarely (the server lets caches keep it for a minute too).
    staleTime: 5 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
