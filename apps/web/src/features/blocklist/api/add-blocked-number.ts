import { ZBlocklist, type TAddBlockedNumberRequest, type TBlocklist } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { blocklistKeys } from './query-keys';

/**
 * POST /api/blocklist: blocks a number or prefix and answers with the whole list. 400 for a bad prefix or a full list,
 * 409 when it is already on the list; the messages come translated.
 */
export function addBlockedNumber(request: TAddBlockedNumberRequest): Promise<TBlocklist> {
  return apiSend('POST', '/blocklist', request, ZBlocklist);
}

export function useAddBlockedNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBlockedNumber,
    // The answer is the new list: shown at once, and fetched again in case someone else changed it meanwhile.
    onSuccess: (list) => {
      queryClient.setQueryData(blocklistKeys.list(), list);
      return queryClient.invalidateQueries({ queryKey: blocklistKeys.list() });
    },
  });
}
