import { ZAdminUserListResponse, type TAdminUserListQuery, type TAdminUserListResponse } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminUserKeys } from './query-keys';

/** GET /api/admin/users: one page of 10, searched and sorted by the server, with the total (spec 001 §9). */
export function getAdminUsers(query: TAdminUserListQuery): Promise<TAdminUserListResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiGet(`/admin/users?${params.toString()}`, ZAdminUserListResponse);
}

export const adminUsersQueryOptions = (query: TAdminUserListQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: () => getAdminUsers(query),
    // The table keeps the rows it shows while the next page, sort or search loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A refusal (the back-office access lapsed) is an answer; the guard takes over on its next check.
    retry: false,
  });

export function useAdminUsers(query: TAdminUserListQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
