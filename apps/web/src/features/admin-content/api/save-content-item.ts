import { ZContentItem, type TContentInput, type TContentItem } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminContentKeys } from './admin-content-keys';
import { invalidateContent } from './invalidate-content';

export type TSaveContent = { id: string | null; input: TContentInput };

/** POST /api/admin/content (a new draft) or PUT /api/admin/content/:id (an edit, which keeps the status). */
export function saveContentItem({ id, input }: TSaveContent): Promise<TContentItem> {
  return id
    ? apiSend('PUT', `/admin/content/${encodeURIComponent(id)}`, input, ZContentItem)
    : apiSend('POST', '/admin/content', input, ZContentItem);
}

export function useSaveContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContentItem,
    onSuccess: (item) => queryClient.setQueryData(adminContentKeys.item(item.id), item),
    onSettled: (item, _error, { id }) => invalidateContent(queryClient, item?.id ?? id ?? undefined),
  });
}
