import { ZSupportTicketListResponse, type TSupportTicketListResponse } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { SUPPORT_REFRESH_MS, supportTicketKeys } from './support-ticket-keys';

/** GET /api/support/tickets: the person's tickets, the most recently updated first. */
export function getSupportTickets(page: number): Promise<TSupportTicketListResponse> {
  return apiGet(`/support/tickets?page=${page}`, ZSupportTicketListResponse);
}

export const supportTicketsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: supportTicketKeys.list(page),
    queryFn: () => getSupportTickets(page),
    placeholderData: keepPreviousData,
    refetchInterval: SUPPORT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useSupportTickets(page: number) {
  return useQuery(supportTicketsQueryOptions(page));
}
