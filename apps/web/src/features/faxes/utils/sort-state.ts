import type { FAX_SORT_KEYS } from '@faxline/shared';

export type TSortKey = (typeof FAX_SORT_KEYS)[number];
export type TSortOrder = 'asc' | 'desc';
export type TSortState = { key: TSortKey; order: TSortOrder };

/** Spec 001 §4: the history opens sorted by date, newest first. */
export const DEFAULT_SORT: TSortState = { key: 'date', order: 'desc' };

/**
 * Spec 001 §4: clicking a column header sorts ascending; clicking the same active column again sorts descending
 * (and a third click ascending again).
 */
export function nextSort(current: TSortState, key: TSortKey): TSortState {
  return current.key === key && current.order === 'asc' ? { key, order: 'desc' } : { key, order: 'asc' };
}

/** The aria-sort of a column header: only the active column carries one. */
export function ariaSortOf(current: TSortState, key: TSortKey): 'ascending' | 'descending' | undefined {
  if (current.key !== key) return undefined;
  return current.order === 'asc' ? 'ascending' : 'descending';
}
