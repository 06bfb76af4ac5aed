import type { FAX_SORT_KEYS } from '@faxline/shared';

import type { TSort } from '@/components/ui/sort-header';

export type TSortKey = (typeof FAX_SORT_KEYS)[number];
export type TSortState = TSort<TSortKey>;

/** Spec 001 §4: the history opens sorted by date, newest first. */
export const DEFAULT_SORT: TSortState = { key: 'date', order: 'desc' };

/**
 * Spec 001 §4: clicking a column header sorts ascending; clicking the same active column again sorts descending
 * (and a third click ascending again).
 */
export function nextSort(current: TSortState, key: TSortKey): TSortState {
  return current.key === key && current.order === 'asc' ? { key, order: 'desc' } : { key, order: 'asc' };
}
