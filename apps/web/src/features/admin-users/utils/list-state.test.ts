import { describe, expect, it } from 'vitest';

import { DEFAULT_LIST_STATE, pageCount, readListState, sortBy, writeListState } from './list-state';

describe('the user table state (spec 001 §4, §9)', () => {
  it('starts sorted by e-mail ascending on the first page', () => {
    expect(readListState(new URLSearchParams())).toEqual({ search: '', sort: 'email', direction: 'asc', page: 1 });
  });

  it('reads what the address says and ignores what it cannot use', () => {
    expect(readListState(new URLSearchParams('search=ann&sort=joined&direction=desc&page=3'))).toEqual({
      search: 'ann',
      sort: 'joined',
      direction: 'desc',
      page: 3,
    });
    expect(readListState(new URLSearchParams('sort=shoe&direction=up&page=-2'))).toEqual(DEFAULT_LIST_STATE);
  });

  it('writes only what differs from the default', () => {
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(writeListState({ search: 'x', sort: 'name', direction: 'desc', page: 2 }).toString()).toBe(
      'search=x&sort=name&direction=desc&page=2',
    );
  });

  it('sorts a new column ascending, flips the active one, and goes back to page 1', () => {
    const onPage3 = { ...DEFAULT_LIST_STATE, page: 3 };
    expect(sortBy(onPage3, 'name')).toEqual({ search: '', sort: 'name', direction: 'asc', page: 1 });
    expect(sortBy(onPage3, 'email')).toMatchObject({ sort: 'email', direction: 'desc', page: 1 });
    expect(sortBy({ ...DEFAULT_LIST_STATE, direction: 'desc' }, 'email')).toMatchObject({ direction: 'asc' });
  });

  it('counts pages of 10, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
