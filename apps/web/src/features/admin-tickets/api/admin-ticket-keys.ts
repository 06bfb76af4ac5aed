import type { TAdminTicketListQuery } from '@faxline/shared';

/** The back-office tickets' query keys, so that a change invalidates exactly what it changes. */
export const adminTicketKeys = {
  all: ['admin', 'tickets'] as const,
  lists: ['admin', 'tickets', 'list'] as const,
  list: (query: TAdminTicketListQuery) => ['admin', 'tickets', 'list', query] as const,
  detail: (id: string) => ['admin', 'tickets', 'detail', id] as const,
  assignees: ['admin', 'tickets', 'assignees'] as const,
};

/**
 * How often the open ticket and the list are read again while the page is in view, so that a customer's reply (from
 * /user/support or by e-mail) appears without a reload: react-query's refetch, as the bells do (decision 114).
 */
export const ADMIN_TICKETS_REFRESH_MS = 5_000;
