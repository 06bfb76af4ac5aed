import { ZAdminAnalytics, type TAdminAnalytics, type TAnalyticsRange } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/admin/analytics: the figures of one range. The failure reasons come in words of the asked language. */
export function getAnalytics(range: TAnalyticsRange): Promise<TAdminAnalytics> {
  return apiGet(`/admin/analytics?range=${range}`, ZAdminAnalytics);
}

export const analyticsQueryOptions = (range: TAnalyticsRange, language: string) =>
  queryOptions({
    // The language is in the key because the server words the failure reasons in it.
    queryKey: ['admin', 'analytics', range, language] as const,
    queryFn: () => getAnalytics(range),
    // Switching ranges keeps the figures on screen until the new ones arrive, instead of blanking the page.
    placeholderData: keepPreviousData,
  });

export function useAnalytics(range: TAnalyticsRange, language: string) {
  return useQuery(analyticsQueryOptions(range, language));
}
