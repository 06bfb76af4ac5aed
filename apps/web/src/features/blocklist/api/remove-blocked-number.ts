import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { blocklistKeys } from './query-keys';

/** DELETE /api/blocklist/:id: the number's calls and faxes go through again. 404 when it is no longer on the list. */
export function removeBlockedNumber(id: string): Promise<TOk> {
  return apiSend('DELETE', `/blocklist/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useRemoveBlockedNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockedNumber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocklistKeys.list() }),
  });
}
