import { ZTicketMessage, type TTicketMessage } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSendForm } from '@/lib/api-client';

import { supportTicketKeys } from './support-ticket-keys';

/** POST /api/support/tickets/:id/replies: the words and files, as a multipart form (`body`, `attachment_N`). */
export function replyToSupportTicket({ id, body, files }: { id: string; body: string; files: readonly File[] }): Promise<TTicketMessage> {
  const form = new FormData();
  form.append('body', body);
  files.forEach((file, index) => form.append(`attachment_${index}`, file, file.name));
  return apiSendForm(`/support/tickets/${encodeURIComponent(id)}/replies`, form, ZTicketMessage);
}

export function useReplyToSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToSupportTicket,
    // The thread grows, and a closed ticket reopens: its status and last update change in the list too.
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportTicketKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: supportTicketKeys.lists }),
      ]),
  });
}
