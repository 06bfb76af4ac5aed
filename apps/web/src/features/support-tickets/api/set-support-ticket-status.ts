import { ZOk, type TSupportTicketStatusRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { supportTicketKeys } from './support-ticket-keys';

/** PATCH /api/support/tickets/:id: the person closes the ticket, or reopens it. */
export function setSupportTicketStatus({ id, status }: { id: string } & TSupportTicketStatusRequest) {
  return apiSend('PATCH', `/support/tickets/${encodeURIComponent(id)}`, { status }, ZOk);
}

export function useSetSupportTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSupportTicketStatus,
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportTicketKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: supportTicketKeys.lists }),
      ]),
  });
}
