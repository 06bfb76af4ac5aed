import { ZBroadcastDetails, type TBroadcastDetails } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { broadcastKeys } from './query-keys';

/** While a recipient's fax is on its way, the view asks again this often: each status shows as it changes. */
const LIVE_REFRESH_MS = 2_000;

export function getBroadcast(id: string): Promise<TBroadcastDetails> {
  return apiGet(`/broadcasts/${encodeURIComponent(id)}`, ZBroadcastDetails);
}

export const broadcastQueryOptions = (id: string) =>
  queryOptions({
    queryKey: broadcastKeys.detail(id),
    queryFn: () => getBroadcast(id),
    // Live until every recipient's fax has ended; a retry or a cancel asks again (their invalidation).
    refetchInterval: (query) => (query.state.data?.finished ? false : LIVE_REFRESH_MS),
  });

export const useBroadcast = (id: string) => useQuery(broadcastQueryOptions(id));
