import { ZBroadcastList, type TBroadcastList } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { broadcastKeys } from './query-keys';

/** GET /api/broadcasts: the member's latest broadcasts, each with its recipients counted. */
export function getBroadcasts(): Promise<TBroadcastList> {
  return apiGet('/broadcasts', ZBroadcastList);
}

export const broadcastsQueryOptions = () => queryOptions({ queryKey: broadcastKeys.list(), queryFn: getBroadcasts });

export const useBroadcasts = () => useQuery(broadcastsQueryOptions());
