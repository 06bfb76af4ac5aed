import { USER_SEARCH_MIN_CHARS, ZUserSearchResponse, type TUserSearchResponse } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** GET /api/admin/user-search?email=: at most 10 people whose e-mail contains the text (spec 001 §7). */
export function searchUsers(email: string): Promise<TUserSearchResponse> {
  return apiGet(`/admin/user-search?email=${encodeURIComponent(email)}`, ZUserSearchResponse);
}

export const userSearchQueryOptions = (email: string) =>
  queryOptions({
    queryKey: adminNumberKeys.users(email),
    queryFn: () => searchUsers(email),
    // The search starts at 2 characters (spec 001 §5).
    enabled: email.length >= USER_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });

export function useUserSearch(email: string) {
  return useQuery(userSearchQueryOptions(email));
}
