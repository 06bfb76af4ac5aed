import type { TNumberList } from '@faxline/shared';

/** The admin numbers' query keys: every change to a number invalidates `all` (both lists and any search). */
export const adminNumberKeys = {
  all: ['admin', 'numbers'] as const,
  list: (list: TNumberList, page: number) => [...adminNumberKeys.all, 'list', list, page] as const,
  search: (q: string) => [...adminNumberKeys.all, 'search', q] as const,
  users: (email: string) => ['admin', 'user-search', email] as const,
};
