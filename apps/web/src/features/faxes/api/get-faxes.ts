import { ZFaxListResponse, type TFaxListQuery, type TFaxListResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { needsPolling } from '../utils/fax-status';

import { faxKeys } from './query-keys';

/** While a listed fax is in flight, the list is asked for again this often, so statuses change without a reload. */
export const IN_FLIGHT_POLL_MS = 3_000;

/** GET /api/faxes: one page of one direction, searched and sorted by the server, with both tabs' counts. */
export function getFaxes(query: TFaxListQuery): Promise<TFaxListResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiGet(`/faxes?${params.toString()}`, ZFaxListResponse);
}

export const faxesQueryOptions = (query: TFaxListQuery) =>
  queryOptions({
    queryKey: faxKeys.list(query),
    queryFn: () => getFaxes(query),
    // The table keeps the rows it shows while the next page, sort or search of the same tab loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2].direction === query.direction ? previous : undefined),
    staleTime: 0,
    refetchInterval: (current) => (needsPolling(current.state.data?.faxes) ? IN_FLIGHT_POLL_MS : false),
  });

export function useFaxes(query: TFaxListQuery) {
  return useQuery(faxesQueryOptions(query));
}
