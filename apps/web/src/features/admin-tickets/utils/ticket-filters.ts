import { TICKET_PRIORITIES, TICKET_STATUSES, type TTicketPriority, type TTicketStatus } from '@faxline/shared';

export type TTicketFilters = {
  status: 'all' | TTicketStatus;
  priority: 'all' | TTicketPriority;
  /** 'any', 'unassigned', or an admin's user id. */
  assignee: string;
  page: number;
};

export const DEFAULT_TICKET_FILTERS: TTicketFilters = { status: 'all', priority: 'all', assignee: 'any', page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** The filters kept in the address (so that a filtered list can be bookmarked, shared and returned to). */
export function filtersFromSearch(search: URLSearchParams): TTicketFilters {
  const page = Number(search.get('page'));
  return {
    status: oneOf(TICKET_STATUSES, search.get('status')) ?? 'all',
    priority: oneOf(TICKET_PRIORITIES, search.get('priority')) ?? 'all',
    assignee: search.get('assignee')?.trim() || 'any',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's search part for some filters: defaults are left out, other parameters (the open ticket) kept. */
export function searchWithFilters(search: URLSearchParams, filters: TTicketFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['status', 'priority', 'assignee', 'page'] as const) {
    const value = String(filters[key]);
    if (value === String(DEFAULT_TICKET_FILTERS[key])) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
