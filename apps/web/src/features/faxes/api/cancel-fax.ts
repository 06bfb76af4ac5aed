import { ZFax, type TFax } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** POST /api/faxes/:id/cancel: only a queued or scheduled fax; 409 otherwise. */
export function cancelFax(id: string): Promise<TFax> {
  return apiSend('POST', `/faxes/${encodeURIComponent(id)}/cancel`, undefined, ZFax);
}

export function useCancelFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFax,
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: faxKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: faxKeys.detail(id) }),
      ]),
  });
}
