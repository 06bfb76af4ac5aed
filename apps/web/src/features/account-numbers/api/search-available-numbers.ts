import { ZAvailableNumbersResponse, type TAvailableNumbersQuery, type TAvailableNumbersResponse } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { accountNumberKeys } from './query-keys';

/**
 * GET /api/account-numbers/available: numbers to add in a country and area code, Faxline's inventory first, then the
 * carriers'; 400 with a translated message for a bad country or area code.
 */
export function searchAvailableNumbers(criteria: TAvailableNumbersQuery): Promise<TAvailableNumbersResponse> {
  const query = new URLSearchParams({ country: criteria.country, ...(criteria.areaCode ? { areaCode: criteria.areaCode } : {}) });
  return apiGet(`/account-numbers/available?${query.toString()}`, ZAvailableNumbersResponse);
}

/** The search asked for last (null: none yet); a carrier's numbers change, so an answer is not kept long. */
export function useAvailableNumbers(criteria: TAvailableNumbersQuery | null) {
  return useQuery({
    queryKey: accountNumberKeys.available(criteria ?? { country: '' }),
    queryFn: () => searchAvailableNumbers(criteria!),
    enabled: criteria !== null,
    staleTime: 30_000,
    retry: false,
  });
}
