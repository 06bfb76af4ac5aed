import { ZOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** DELETE /api/faxes/:id: the fax and its files go; the audit trail keeps its rows. 409 while it is on its way. */
export function deleteFax(id: string): Promise<void> {
  return apiSend('DELETE', `/faxes/${encodeURIComponent(id)}`, undefined, ZOk).then(() => undefined);
}

export function useDeleteFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFax,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: faxKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: faxKeys.lists() });
    },
  });
}
