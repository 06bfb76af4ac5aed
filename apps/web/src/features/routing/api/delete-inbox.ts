import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { inboxKeys } from '@/lib/inboxes/query-keys';

import { routingKeys } from './query-keys';

/** DELETE /api/inboxes/:id. 409 `errors.inboxNotEmpty` while faxes are still in it: they must be moved first. */
export function deleteInbox(id: string): Promise<TOk> {
  return apiSend('DELETE', `/inboxes/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useDeleteInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInbox,
    // The inboxes' lists everywhere (the side menu too), and the rules, which may have named the deleted inbox.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
        queryClient.invalidateQueries({ queryKey: routingKeys.rules() }),
      ]),
  });
}
