import { ZInboxList, type TInboxInput, type TInboxList } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { inboxKeys } from '@/lib/inboxes/query-keys';

export type TUpdateInbox = { id: string; input: TInboxInput };

/** PUT /api/inboxes/:id: its name, members and numbers, all given again. The answer is the whole list (numbers move). */
export function updateInbox({ id, input }: TUpdateInbox): Promise<TInboxList> {
  return apiSend('PUT', `/inboxes/${encodeURIComponent(id)}`, input, ZInboxList);
}

export function useUpdateInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInbox,
    onSuccess: (list) => queryClient.setQueryData(inboxKeys.list(), list),
  });
}
