import { ZAdminTicketListResponse, type TAdminTicketListQuery, type TAdminTicketListResponse } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { ADMIN_TICKETS_REFRESH_MS, adminTicketKeys } from './admin-ticket-keys';

/** GET /api/admin/tickets: one page of the tickets matching the filters, the most recently updated first. */
export function getAdminTickets(query: TAdminTicketListQuery): Promise<TAdminTicketListResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return apiGet(`/admin/tickets?${search}`, ZAdminTicketListResponse);
}

export const adminTicketsQueryOptions = (query: TAdminTicketListQuery) =>
  queryOptions({
    queryKey: adminTicketKeys.list(query),
    queryFn: () => getAdminTickets(query),
    placeholderData: keepPreviousData,
    refetchInterval: ADMIN_TICKETS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useAdminTickets(query: TAdminTicketListQuery) {
  return useQuery(adminTicketsQueryOptions(query));
}
