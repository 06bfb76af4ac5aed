import { ZContentItem, type TContentItem } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminContentKeys } from './admin-content-keys';

/** GET /api/admin/content/:id: one item with its Markdown, for the edit form. */
export function getContentItem(id: string): Promise<TContentItem> {
  return apiGet(`/admin/content/${encodeURIComponent(id)}`, ZContentItem);
}

export const contentItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminContentKeys.item(id), queryFn: () => getContentItem(id) });

export function useContentItem(id: string | null) {
  return useQuery({ ...contentItemQueryOptions(id ?? ''), enabled: id !== null });
}
