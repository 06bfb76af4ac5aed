import { ZFaxRetention, type TFaxRetention } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { retentionKeys } from './query-keys';

/** GET /api/retention/faxes/:id: the legal holds that keep a fax, and whether the person may set and lift them. */
export function getFaxRetention(id: string): Promise<TFaxRetention> {
  return apiGet(`/retention/faxes/${encodeURIComponent(id)}`, ZFaxRetention);
}

export const faxRetentionQueryOptions = (id: string) =>
  queryOptions({ queryKey: retentionKeys.fax(id), queryFn: () => getFaxRetention(id) });

export function useFaxRetention(id: string) {
  return useQuery(faxRetentionQueryOptions(id));
}
