import { ZContentListResponse, type TContentKind, type TContentListResponse, type TLanguage } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminContentKeys } from './admin-content-keys';

/** GET /api/admin/content?kind=&language=: the items of one kind, the most recently modified first. */
export function getContentItems(kind: TContentKind, language: TLanguage | 'all'): Promise<TContentListResponse> {
  return apiGet(`/admin/content?kind=${kind}&language=${language}`, ZContentListResponse);
}

export const contentItemsQueryOptions = (kind: TContentKind, language: TLanguage | 'all') =>
  queryOptions({ queryKey: adminContentKeys.list(kind, language), queryFn: () => getContentItems(kind, language) });

export function useContentItems(kind: TContentKind, language: TLanguage | 'all') {
  return useQuery(contentItemsQueryOptions(kind, language));
}
