import { describe, expect, it } from 'vitest';

import { ariaSortOf } from '@/components/ui/sort-header';

import { DEFAULT_SORT, nextSort } from './sort-state';

describe('fax history sort (spec 001 §4)', () => {
  it('starts by date, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'date', order: 'desc' });
    expect(ariaSortOf(DEFAULT_SORT, 'date')).toBe('descending');
    expect(ariaSortOf(DEFAULT_SORT, 'pages')).toBeUndefined();
  });

  it('sorts a newly clicked column ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'pages')).toEqual({ key: 'pages', order: 'asc' });
    expect(nextSort({ key: 'pages', order: 'desc' }, 'status')).toEqual({ key: 'status', order: 'asc' });
  });

  it('sorts the active column descending when clicked again, then ascending again', () => {
    const first = nextSort(DEFAULT_SORT, 'number');
    const second = nextSort(first, 'number');
    expect(second).toEqual({ key: 'number', order: 'desc' });
    expect(ariaSortOf(second, 'number')).toBe('descending');
    expect(nextSort(second, 'number')).toEqual({ key: 'number', order: 'asc' });
  });

  it('sorts by date ascending when the date header is clicked from the default', () => {
    expect(nextSort(DEFAULT_SORT, 'date')).toEqual({ key: 'date', order: 'asc' });
  });
});
