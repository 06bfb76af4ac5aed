import { ZContentItem, type TContentItem, type TContentStatus } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminContentKeys } from './admin-content-keys';
import { invalidateContent } from './invalidate-content';

/**
 * POST /api/admin/content/:id/publish or /unpublish: on the site, or back to a draft. `at` (an ISO time ahead) schedules
 * the publication.
 */
export function setContentStatus({ id, status, at }: { id: string; status: TContentStatus; at?: string }): Promise<TContentItem> {
  const action = status === 'published' ? `publish${at ? `?at=${encodeURIComponent(at)}` : ''}` : 'unpublish';
  return apiSend('POST', `/admin/content/${encodeURIComponent(id)}/${action}`, undefined, ZContentItem);
}

export function useSetContentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContentStatus,
    onSuccess: (item) => queryClient.setQueryData(adminContentKeys.item(item.id), item),
    onSettled: (_item, _error, { id }) => invalidateContent(queryClient, id),
  });
}
