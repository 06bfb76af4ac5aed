import { ZContentItem, type TContentItem, type TContentStatus } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminContentKeys } from './admin-content-keys';
import { invalidateContent } from './invalidate-content';

/** POST /api/admin/content/:id/publish or /unpublish: on the site, or back to a draft. */
export function setContentStatus({ id, status }: { id: string; status: TContentStatus }): Promise<TContentItem> {
  return apiSend(
    'POST',
    `/admin/content/${encodeURIComponent(id)}/${status === 'published' ? 'publish' : 'unpublish'}`,
    undefined,
    ZContentItem,
  );
}

export function useSetContentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContentStatus,
    onSuccess: (item) => queryClient.setQueryData(adminContentKeys.item(item.id), item),
    onSettled: (_item, _error, { id }) => invalidateContent(queryClient, id),
  });
}
