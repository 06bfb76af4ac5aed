import { ZNumberSearchResponse, type TNumberSearchResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** GET /api/admin/numbers/search?q=: digits, a country code or a number type, across the whole inventory. */
export function searchNumbers(q: string): Promise<TNumberSearchResponse> {
  return apiGet(`/admin/numbers/search?q=${encodeURIComponent(q)}`, ZNumberSearchResponse);
}

export const numberSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: adminNumberKeys.search(q), queryFn: () => searchNumbers(q), enabled: q.trim() !== '' });

export function useNumberSearch(q: string) {
  return useQuery(numberSearchQueryOptions(q));
}
