import { describe, expect, it } from 'vitest';

import { listQueryOf, pageCount, readHistoryState, writeHistoryState } from './history-params';

describe('fax history address', () => {
  it('defaults to the sent tab, by date, newest first, page 1', () => {
    const state = readHistoryState(new URLSearchParams());
    expect(state).toEqual({ tab: 'sent', search: '', sort: { key: 'date', order: 'desc' }, page: 1 });
    expect(writeHistoryState(state).toString()).toBe('');
    expect(listQueryOf(state)).toEqual({ direction: 'outbound', sort: 'date', order: 'desc', page: 1, pageSize: 20 });
  });

  it('reads and writes tab, search, sort and page', () => {
    const params = new URLSearchParams('tab=received&q=busy&sort=pages&order=asc&page=3');
    const state = readHistoryState(params);
    expect(state).toEqual({ tab: 'received', search: 'busy', sort: { key: 'pages', order: 'asc' }, page: 3 });
    expect(writeHistoryState(state).toString()).toBe(params.toString());
    expect(listQueryOf(state)).toEqual({ direction: 'inbound', search: 'busy', sort: 'pages', order: 'asc', page: 3, pageSize: 20 });
  });

  it('ignores what it cannot read', () => {
    expect(readHistoryState(new URLSearchParams('tab=spam&sort=color&page=-2'))).toEqual(readHistoryState(new URLSearchParams()));
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
