import { ZSupportTicketDetail, type TSupportTicketDetail } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { SUPPORT_REFRESH_MS, supportTicketKeys } from './support-ticket-keys';

/** GET /api/support/tickets/:id: the ticket with its thread, the opening message first. */
export function getSupportTicket(id: string): Promise<TSupportTicketDetail> {
  return apiGet(`/support/tickets/${encodeURIComponent(id)}`, ZSupportTicketDetail);
}

export const supportTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: supportTicketKeys.detail(id),
    queryFn: () => getSupportTicket(id),
    refetchInterval: SUPPORT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useSupportTicket(id: string) {
  return useQuery(supportTicketQueryOptions(id));
}

/** Where a file of the thread downloads from (a plain link: the browser sends the session cookie). */
export const supportAttachmentHref = (ticketId: string, attachmentId: string) =>
  `/api/support/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;
