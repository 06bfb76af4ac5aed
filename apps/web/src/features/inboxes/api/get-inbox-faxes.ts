import { ZInboxFaxPage, type TInboxFaxPage, type TInboxFaxQuery } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';
import { inboxKeys } from '@/lib/inboxes/query-keys';

/** GET /api/inboxes/faxes: one page of an inbox's folder (or of the faxes in no inbox), newest first; 404 for an inbox not seen. */
export function getInboxFaxes(query: TInboxFaxQuery): Promise<TInboxFaxPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return apiGet(`/inboxes/faxes?${params.toString()}`, ZInboxFaxPage);
}

export const inboxFaxesQueryOptions = (query: TInboxFaxQuery) =>
  queryOptions({
    queryKey: inboxKeys.faxes(query),
    queryFn: () => getInboxFaxes(query),
    // The rows stay while the next page or filter loads, instead of the list blinking to "Loading".
    placeholderData: keepPreviousData,
    staleTime: 0,
    // An inbox the person does not see (404) will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });

export function useInboxFaxes(query: TInboxFaxQuery) {
  return useQuery(inboxFaxesQueryOptions(query));
}
