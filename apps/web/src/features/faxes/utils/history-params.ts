import { FAX_SORT_KEYS, type TFaxListQuery } from '@faxline/shared';

import { DEFAULT_SORT, type TSortKey, type TSortState } from './sort-state';

export type THistoryTab = 'sent' | 'received';
export type THistoryState = { tab: THistoryTab; search: string; sort: TSortState; page: number };

export const HISTORY_PAGE_SIZE = 20;

/**
 * The history's state lives in the address (?tab=received&q=...&sort=pages&order=asc&page=2), so reload, back and a
 * shared link keep it. Anything unreadable falls back to the default: the sent tab, by date, newest first.
 */
export function readHistoryState(params: URLSearchParams): THistoryState {
  const tab: THistoryTab = params.get('tab') === 'received' ? 'received' : 'sent';
  const key = params.get('sort');
  const sortKey = (FAX_SORT_KEYS as readonly string[]).includes(key ?? '') ? (key as TSortKey) : null;
  const order = params.get('order');
  const sort: TSortState = sortKey ? { key: sortKey, order: order === 'desc' ? 'desc' : 'asc' } : DEFAULT_SORT;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return { tab, search: params.get('q') ?? '', sort, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The address of a state, leaving out what is the default. */
export function writeHistoryState(state: THistoryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab === 'received') params.set('tab', 'received');
  if (state.search.trim()) params.set('q', state.search);
  if (state.sort.key !== DEFAULT_SORT.key || state.sort.order !== DEFAULT_SORT.order) {
    params.set('sort', state.sort.key);
    params.set('order', state.sort.order);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a state (GET /api/faxes). */
export function listQueryOf(state: THistoryState): Required<Omit<TFaxListQuery, 'search' | 'cursor'>> & { search?: string } {
  const search = state.search.trim();
  return {
    direction: state.tab === 'received' ? 'inbound' : 'outbound',
    ...(search ? { search } : {}),
    sort: state.sort.key,
    order: state.sort.order,
    page: state.page,
    pageSize: HISTORY_PAGE_SIZE,
  };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
