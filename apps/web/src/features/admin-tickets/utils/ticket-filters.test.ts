import { describe, expect, it } from 'vitest';

import { DEFAULT_TICKET_FILTERS, filtersFromSearch, searchWithFilters } from './ticket-filters';

describe('ticket filters in the address', () => {
  it('reads known values and falls back to the defaults for anything else', () => {
    expect(filtersFromSearch(new URLSearchParams('status=closed&priority=high&assignee=u1&page=3'))).toEqual({
      status: 'closed',
      priority: 'high',
      assignee: 'u1',
      page: 3,
    });
    expect(filtersFromSearch(new URLSearchParams('status=pending&priority=&assignee=%20&page=-2'))).toEqual(DEFAULT_TICKET_FILTERS);
  });

  it('writes only what differs from the defaults, keeping the other parameters', () => {
    const search = searchWithFilters(new URLSearchParams('ticket=t1&status=open'), { ...DEFAULT_TICKET_FILTERS, priority: 'low' });
    expect(search.toString()).toBe('ticket=t1&priority=low');
  });
});
