import { ZTicketMessage, type TTicketMessage } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminTicketKeys } from './admin-ticket-keys';

/** POST /api/admin/tickets/:id/replies: added to the thread and e-mailed to the person. */
export function replyToTicket({ id, body }: { id: string; body: string }): Promise<TTicketMessage> {
  return apiSend('POST', `/admin/tickets/${encodeURIComponent(id)}/replies`, { body }, ZTicketMessage);
}

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    // The thread grows, and the ticket's status and last update change in the lists.
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTicketKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: adminTicketKeys.lists }),
      ]),
  });
}
