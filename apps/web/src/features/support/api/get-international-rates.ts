import { ZInternationalRatesResponse, type TInternationalRatesResponse } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/international-rates: the price per page to each country faxes are sent to (decision 096). Public. */
export function getInternationalRates(): Promise<TInternationalRatesResponse> {
  return apiGet('/international-rates', ZInternationalRatesResponse);
}

export const publicInternationalRatesKey = ['international-rates'] as const;

export function usePublicInternationalRates() {
  return useQuery({ queryKey: publicInternationalRatesKey, queryFn: getInternationalRates, staleTime: 5 * 60_000 });
}
