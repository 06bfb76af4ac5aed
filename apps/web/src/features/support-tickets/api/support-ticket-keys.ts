/** The person's support tickets' query keys, so that a change invalidates exactly what it changes. */
export const supportTicketKeys = {
  all: ['support-tickets'] as const,
  lists: ['support-tickets', 'list'] as const,
  list: (page: number) => ['support-tickets', 'list', page] as const,
  detail: (id: string) => ['support-tickets', 'detail', id] as const,
};

/**
 * How often an open ticket and the list are read again while the page is in view: the team's answer appears without
 * a reload (react-query's refetch, as the bells and the history do; decision 114).
 */
export const SUPPORT_REFRESH_MS = 10_000;
