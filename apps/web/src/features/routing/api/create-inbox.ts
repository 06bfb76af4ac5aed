import { ZInboxList, type TInboxInput, type TInboxList } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { inboxKeys } from '@/lib/inboxes/query-keys';

/**
 * POST /api/inboxes: a new inbox. The answer is the whole list, since a number chosen for it leaves the inbox it was
 * in. 409 when another inbox has the name; 400 when the account has its most inboxes.
 */
export function createInbox(input: TInboxInput): Promise<TInboxList> {
  return apiSend('POST', '/inboxes', input, ZInboxList);
}

export function useCreateInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInbox,
    onSuccess: (list) => queryClient.setQueryData(inboxKeys.list(), list),
  });
}
