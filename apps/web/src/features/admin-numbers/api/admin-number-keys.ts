import type { TCarrier, TNumberList } from '@faxline/shared';

/** The admin numbers' query keys: every change to a number invalidates `all` (both lists and any search). */
export const adminNumberKeys = {
  all: ['admin', 'numbers'] as const,
  list: (list: TNumberList, page: number) => [...adminNumberKeys.all, 'list', list, page] as const,
  search: (q: string) => [...adminNumberKeys.all, 'search', q] as const,
  users: (email: string) => ['admin', 'user-search', email] as const,
  /** The carriers numbers can be ordered from: the server's configuration, unchanged by anything the page does. */
  carriers: ['admin', 'carrier-numbers', 'info'] as const,
  /** Every carrier search: an order invalidates them, as the number it bought is no longer for sale. */
  carrierSearches: ['admin', 'carrier-numbers', 'search'] as const,
  /** One carrier search; null while none was asked for. */
  carrierSearch: (criteria: { carrier: TCarrier; country: string; areaCode: string } | null) =>
    [...adminNumberKeys.carrierSearches, criteria] as const,
};
