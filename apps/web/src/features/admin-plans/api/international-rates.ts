import { ZInternationalRate, ZInternationalRatesResponse, type TInternationalRatesResponse } from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

/** The international rates' query key: a change made here marks the list stale. */
export const internationalRatesKey = ['admin', 'international-rates'] as const;

/** GET /api/admin/international-rates: the price per page to each country faxes are sent to (decision 096). */
export function getInternationalRates(): Promise<TInternationalRatesResponse> {
  return apiGet('/admin/international-rates', ZInternationalRatesResponse);
}

export function useInternationalRates() {
  return useQuery({ queryKey: internationalRatesKey, queryFn: getInternationalRates });
}

/** PUT /api/admin/international-rates/:country: adds the country or changes its price. */
export function setInternationalRate({ country, centsPerPage }: { country: string; centsPerPage: number }) {
  return apiSend('PUT', `/admin/international-rates/${encodeURIComponent(country)}`, { centsPerPage }, ZInternationalRate);
}

/** DELETE /api/admin/international-rates/:country: faxes there are refused from now on. */
export function removeInternationalRate(country: string) {
  return apiSend('DELETE', `/admin/international-rates/${encodeURIComponent(country)}`, undefined, ZInternationalRate);
}

export function useSetInternationalRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInternationalRate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: internationalRatesKey }),
  });
}

export function useRemoveInternationalRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeInternationalRate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: internationalRatesKey }),
  });
}
