import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { apiKeysKeys } from './query-keys';

/** DELETE /api/api-keys/:id: revokes the key; the next request made with it gets 401. 404 when it is already gone. */
export function revokeApiKey(id: string): Promise<TOk> {
  return apiSend('DELETE', `/api-keys/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
  });
}
