import { ZAdminNumbersResponse, type TAdminNumbersResponse, type TNumberList } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** GET /api/admin/numbers: available numbers newest first, or assigned ones most recently assigned first. */
export function getAdminNumbers(list: TNumberList, page: number): Promise<TAdminNumbersResponse> {
  return apiGet(`/admin/numbers?status=${list}&page=${page}`, ZAdminNumbersResponse);
}

export const adminNumbersQueryOptions = (list: TNumberList, page: number) =>
  queryOptions({
    queryKey: adminNumberKeys.list(list, page),
    queryFn: () => getAdminNumbers(list, page),
    // The page shown stays while the next one loads, instead of flashing "Loading".
    placeholderData: keepPreviousData,
  });

export function useAdminNumbers(list: TNumberList, page: number) {
  return useQuery(adminNumbersQueryOptions(list, page));
}
