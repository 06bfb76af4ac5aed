import type { TAvailableNumbersQuery } from '@faxline/shared';

/** The account numbers feature's query keys, so that each change refreshes exactly what it changes. */
export const accountNumberKeys = {
  all: ['account-numbers'] as const,
  list: () => [...accountNumberKeys.all, 'list'] as const,
  available: (criteria: TAvailableNumbersQuery) => [...accountNumberKeys.all, 'available', criteria] as const,
};
