import { ZUsage, type TUsage } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const usageQueryKey = ['account', 'usage'] as const;

/** GET /api/usage: the pages the account used this month (UTC) against its plan's pages (the dashboard, /user/billing). */
export function getUsage(): Promise<TUsage> {
  return apiGet('/usage', ZUsage);
}

// Asked again on every visit: a fax sent a moment ago counts.
export const usageQueryOptions = () => queryOptions({ queryKey: usageQueryKey, queryFn: getUsage, staleTime: 0 });

export function useUsage() {
  return useQuery(usageQueryOptions());
}
