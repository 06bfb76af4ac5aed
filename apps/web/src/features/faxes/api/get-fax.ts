import { isInFlightFaxStatus, ZFaxDetails, type TFaxDetails } from '@faxline/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { notificationsQueryKey } from '@/lib/account/notifications-query-key';
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

/**
 * The details of one fax. Once a received fax has been opened (the server marked it read), what counts it as unread
 * is asked for again: the lists, and the header's notifications, whose badge would otherwise keep counting it until
 * its next poll.
 */
export function useFax(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery(faxQueryOptions(id));
  const openedInbound = query.data?.direction === 'inbound' ? query.data.id : null;
  useEffect(() => {
    if (!openedInbound) return;
    void queryClient.invalidateQueries({ queryKey: faxKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
  }, [openedInbound, queryClient]);
  return query;
}
