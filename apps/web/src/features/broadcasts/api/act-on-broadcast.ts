import { ZBroadcastActionResponse, type TBroadcastActionResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { broadcastKeys } from './query-keys';

/** POST /api/broadcasts/:id/retry (the failed recipients only) or /cancel (what can still be stopped). */
export function actOnBroadcast({ id, action }: { id: string; action: 'retry' | 'cancel' }): Promise<TBroadcastActionResponse> {
  return apiSend('POST', `/broadcasts/${encodeURIComponent(id)}/${action}`, {}, ZBroadcastActionResponse);
}

export function useActOnBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnBroadcast,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: broadcastKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: broadcastKeys.list() }),
      ]),
  });
}
