import { ZOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminContentKeys } from './admin-content-keys';
import { invalidateContent } from './invalidate-content';

/** DELETE /api/admin/content/:id: gone from the back office and, if it was published, from the site. */
export function deleteContentItem(id: string) {
  return apiSend('DELETE', `/admin/content/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useDeleteContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentItem,
    onSuccess: (_ok, id) => queryClient.removeQueries({ queryKey: adminContentKeys.item(id) }),
    onSettled: () => invalidateContent(queryClient),
  });
}
