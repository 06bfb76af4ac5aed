import type { TContactListQuery } from '@faxline/shared';

/** The contacts feature's query keys, so that a mutation invalidates exactly what it changes. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (filters: Pick<TContactListQuery, 'search' | 'tag'>) => [...contactKeys.lists(), filters] as const,
  suggestions: (search: string) => [...contactKeys.all, 'suggestions', search] as const,
};
