import { type TContactList } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getContacts } from './get-contacts';
import { contactKeys } from './query-keys';

/** How many contacts the recipient field suggests at most. */
export const SUGGESTION_LIMIT = 8;

/** GET /api/contacts?search=…&limit=8: the contacts that match what is typed in a recipient field. */
export function getContactSuggestions(search: string): Promise<TContactList> {
  return getContacts({ search, limit: SUGGESTION_LIMIT });
}

export const contactSuggestionsQueryOptions = (search: string) =>
  queryOptions({ queryKey: contactKeys.suggestions(search), queryFn: () => getContactSuggestions(search), staleTime: 30_000 });

/** Suggestions for a search term (already debounced by the caller); none asked for an empty term. */
export function useContactSuggestions(search: string) {
  return useQuery({ ...contactSuggestionsQueryOptions(search), enabled: search.trim() !== '', placeholderData: keepPreviousData });
}
