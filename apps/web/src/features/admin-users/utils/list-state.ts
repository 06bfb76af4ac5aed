import { ADMIN_USER_SORT_KEYS, type TAdminUserSortDirection, type TAdminUserSortKey } from '@faxline/shared';

/** What the user table shows, kept in the address (?search=&sort=&direction=&page=) so Back and reload keep it. */
export type TUserListState = { search: string; sort: TAdminUserSortKey; direction: TAdminUserSortDirection; page: number };

/** Spec 001 §9: sorted by e-mail ascending, first page, no search. */
export const DEFAULT_LIST_STATE: TUserListState = { search: '', sort: 'email', direction: 'asc', page: 1 };

const isSortKey = (value: string | null): value is TAdminUserSortKey =>
  (ADMIN_USER_SORT_KEYS as readonly (string | null)[]).includes(value);

/** Reads the state from the address; anything unknown or malformed falls back to the default. */
export function readListState(params: URLSearchParams): TUserListState {
  const sort = params.get('sort');
  const direction = params.get('direction');
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 254),
    sort: isSortKey(sort) ? sort : DEFAULT_LIST_STATE.sort,
    direction: direction === 'desc' || direction === 'asc' ? direction : DEFAULT_LIST_STATE.direction,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_LIST_STATE.page,
  };
}

/** The address for a state, leaving out what is the default, so the plain /admin/users stays plain. */
export function writeListState(state: TUserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search);
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.direction !== DEFAULT_LIST_STATE.direction) params.set('direction', state.direction);
  if (state.page !== DEFAULT_LIST_STATE.page) params.set('page', String(state.page));
  return params;
}

/**
 * A click on a column header (spec 001 §4, as in the fax history): a new column sorts ascending, the active one
 * flips its direction; either way the list starts again at the first page.
 */
export function sortBy(state: TUserListState, key: TAdminUserSortKey): TUserListState {
  const direction = state.sort === key && state.direction === 'asc' ? 'desc' : 'asc';
  return { ...state, sort: key, direction, page: 1 };
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
