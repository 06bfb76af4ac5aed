import { ZAdminTicketDetail, type TAdminTicketDetail, type TTicketUpdateRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminTicketKeys } from './admin-ticket-keys';

export type TUpdateTicket = { id: string; change: TTicketUpdateRequest };

/** PATCH /api/admin/tickets/:id: status, priority or assignee. */
export function updateTicket({ id, change }: TUpdateTicket): Promise<TAdminTicketDetail> {
  return apiSend('PATCH', `/admin/tickets/${encodeURIComponent(id)}`, change, ZAdminTicketDetail);
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    onSuccess: (ticket) => queryClient.setQueryData(adminTicketKeys.detail(ticket.id), ticket),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTicketKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: adminTicketKeys.lists }),
      ]),
  });
}
