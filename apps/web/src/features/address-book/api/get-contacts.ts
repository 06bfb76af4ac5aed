import { ZContactList, type TContactList, type TContactListQuery } from '@faxline/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { contactKeys } from './query-keys';

/** GET /api/contacts: a page of the account's contacts in name order, matching the search and the tag. */
export function getContacts(query: TContactListQuery): Promise<TContactList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return apiGet(`/contacts${search ? `?${search}` : ''}`, ZContactList);
}

type TContactFilters = Pick<TContactListQuery, 'search' | 'tag'>;

/** The list page by page: each next page starts at the cursor the last one gave ("Load more"). */
export const contactsQueryOptions = (filters: TContactFilters) =>
  infiniteQueryOptions({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam }) => getContacts({ ...filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useContacts(filters: TContactFilters) {
  // The list stays on screen while a new search loads, instead of flashing empty.
  return useInfiniteQuery({ ...contactsQueryOptions(filters), placeholderData: keepPreviousData });
}
