import type { TAdminTicketListQuery } from '@faxline/shared';

/** The back-office tickets' query keys, so that a change invalidates exactly what it changes. */
export const adminTicketKeys = {
  all: ['admin', 'tickets'] as const,
  lists: ['admin', 'tickets', 'list'] as const,
  list: (query: TAdminTicketListQuery) => ['admin', 'tickets', 'list', query] as const,
  detail: (id: string) => ['admin', 'tickets', 'detail', id] as const,
  assignees: ['admin', 'tickets', 'assignees'] as const,
};
