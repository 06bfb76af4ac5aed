import { describe, expect, it } from 'vitest';

import { EMPTY_FILTERS, filtersFromParams, hasFilters, paramsFromFilters } from './audit-filters';

describe('the account audit filters in the address', () => {
  it('keeps only what is set, and reads it back', () => {
    const filters = { ...EMPTY_FILTERS, actor: ' ada ', from: '2026-12-01' };
    const params = paramsFromFilters(filters, 3);
    expect(params.toString()).toBe('actor=ada&from=2026-12-01&page=3');
    expect(filtersFromParams(params)).toEqual({ filters: { ...EMPTY_FILTERS, actor: 'ada', from: '2026-12-01' }, page: 3 });
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
  });

  it('reads a page that is not a whole number as the first, and one past the count as the last', () => {
    expect(filtersFromParams(new URLSearchParams('page=x')).page).toBe(1);
    expect(filtersFromParams(new URLSearchParams('page=99999')).page).toBe(200);
  });
});
