import { ZSetDocumentClass, type TDocumentClass, type TSetDocumentClass } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** PUT /api/faxes/:id/class: a member's class for a received fax, learned from for the next ones (decision 102). */
export function setDocumentClass(id: string, documentClass: TDocumentClass): Promise<TSetDocumentClass> {
  return apiSend('PUT', `/faxes/${encodeURIComponent(id)}/class`, { documentClass }, ZSetDocumentClass);
}

export function useSetDocumentClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, documentClass }: { id: string; documentClass: TDocumentClass }) => setDocumentClass(id, documentClass),
    // The fax's details, and the review queue it leaves.
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: faxKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: faxKeys.review() }),
      ]),
  });
}
