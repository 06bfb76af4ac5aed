import { ZPublicStatus, type TPublicStatus } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/status: the public delivery record and the incident notices of 30 days, in the page's language. */
export function getPublicStatus(): Promise<TPublicStatus> {
  return apiGet('/status', ZPublicStatus);
}

// The server keeps the figures for 30 seconds: asking more often would show the same.
export const publicStatusQueryOptions = (language: string) =>
  queryOptions({ queryKey: ['status', language], queryFn: getPublicStatus, staleTime: 30_000 });

export function usePublicStatus(language: string) {
  return useQuery(publicStatusQueryOptions(language));
}
