import { ADMIN_AUDIT_MAX_PAGE } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { EMPTY_AUDIT_FILTERS, filtersFromParams, hasFilters, paramsFromFilters } from './audit-filters';

describe('audit log filters in the address', () => {
  it('reads the filters and the page, ignoring a page that is not a whole number from 1', () => {
    const { filters, page } = filtersFromParams(new URLSearchParams('action=fax.send&actor=%20ada%20&page=3'));
    expect(filters).toEqual({ ...EMPTY_AUDIT_FILTERS, action: 'fax.send', actor: 'ada' });
    expect(page).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two']) expect(filtersFromParams(new URLSearchParams(`page=${bad}`)).page).toBe(1);
    expect(filtersFromParams(new URLSearchParams(`page=${ADMIN_AUDIT_MAX_PAGE + 1}`)).page).toBe(ADMIN_AUDIT_MAX_PAGE);
  });

  it('writes only the filters that are set, and the page after the first', () => {
    expect(paramsFromFilters({ ...EMPTY_AUDIT_FILTERS, from: '2026-03-01', objectType: ' fax ' }, 2).toString()).toBe(
      'objectType=fax&from=2026-03-01&page=2',
    );
    expect(paramsFromFilters(EMPTY_AUDIT_FILTERS).toString()).toBe('');
    expect(hasFilters(EMPTY_AUDIT_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_AUDIT_FILTERS, to: '2026-03-01' })).toBe(true);
  });
});
