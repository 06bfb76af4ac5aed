import { ZAdminTicketDetail, type TAdminTicketDetail } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminTicketKeys } from './admin-ticket-keys';

/** GET /api/admin/tickets/:id: the ticket with its thread, the opening message first. */
export function getAdminTicket(id: string): Promise<TAdminTicketDetail> {
  return apiGet(`/admin/tickets/${encodeURIComponent(id)}`, ZAdminTicketDetail);
}

export const adminTicketQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminTicketKeys.detail(id), queryFn: () => getAdminTicket(id) });

export function useAdminTicket(id: string) {
  return useQuery(adminTicketQueryOptions(id));
}
