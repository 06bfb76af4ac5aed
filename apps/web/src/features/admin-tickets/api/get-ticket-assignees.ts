import { ZTicketAssigneesResponse, type TTicketAssigneesResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminTicketKeys } from './admin-ticket-keys';

/** GET /api/admin/tickets/assignees: the platform admins, for the assignee filter and picker. */
export function getTicketAssignees(): Promise<TTicketAssigneesResponse> {
  return apiGet('/admin/tickets/assignees', ZTicketAssigneesResponse);
}

export const ticketAssigneesQueryOptions = () =>
  queryOptions({ queryKey: adminTicketKeys.assignees, queryFn: getTicketAssignees, staleTime: 5 * 60_000 });

export function useTicketAssignees() {
  return useQuery(ticketAssigneesQueryOptions());
}
