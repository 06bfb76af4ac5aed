import { isInFlightFaxStatus, ZFaxDetails, type TFaxDetails } from '@faxline/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { apiGet } from '@/lib/api-client';

import { IN_FLIGHT_POLL_MS } from './get-faxes';
import { faxKeys } from './query-keys';

/** GET /api/faxes/:id: the fax with its attempts and files. Opening a received fax marks it read on the server. */
export function getFax(id: string): Promise<TFaxDetails> {
  return apiGet(`/faxes/${encodeURIComponent(id)}`, ZFaxDetails);
}

export const faxQueryOptions = (id: string) =>
  queryOptions({
    queryKey: faxKeys.detail(id),
    queryFn: () => getFax(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isInFlightFaxStatus(query.state.data.status) ? IN_FLIGHT_POLL_MS : false),
  });

/** The details of one fax; once a received fax has been opened, the lists are asked for again to show it as read. */
export function useFax(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery(faxQueryOptions(id));
  const openedInbound = query.data?.direction === 'inbound' ? query.data.id : null;
  useEffect(() => {
    if (openedInbound) void queryClient.invalidateQueries({ queryKey: faxKeys.lists() });
  }, [openedInbound, queryClient]);
  return query;
}
