import { ZAdminTicketDetail, type TAdminTicketDetail } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { ADMIN_TICKETS_REFRESH_MS, adminTicketKeys } from './admin-ticket-keys';

/** GET /api/admin/tickets/:id: the ticket with its thread, the opening message first. */
export function getAdminTicket(id: string): Promise<TAdminTicketDetail> {
  return apiGet(`/admin/tickets/${encodeURIComponent(id)}`, ZAdminTicketDetail);
}

export const adminTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminTicketKeys.detail(id),
    queryFn: () => getAdminTicket(id),
    refetchInterval: ADMIN_TICKETS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useAdminTicket(id: string) {
  return useQuery(adminTicketQueryOptions(id));
}

/** Where a file the person sent downloads from (a plain link: the browser sends the session cookie). */
export const adminTicketAttachmentHref = (ticketId: string, attachmentId: string) =>
  `/api/admin/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;
