import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { memberKeys } from './query-keys';

/** DELETE /api/account/members/:userId: the login and its sessions go; the faxes it sent stay with the account. */
export function removeMember(userId: string): Promise<TOk> {
  return apiSend('DELETE', `/account/members/${encodeURIComponent(userId)}`, undefined, ZOk);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
