import {
  ZAdminNumber,
  ZCarrierNumberSearchResponse,
  ZCarrierNumbersInfo,
  type TAdminNumber,
  type TCarrier,
  type TCarrierNumberSearchResponse,
  type TCarrierNumbersInfo,
  type TOrderCarrierNumberRequest,
} from '@faxline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** What a carrier search asks for: a country (ISO alpha-2) and, when not empty, an area code. */
export type TCarrierSearchCriteria = { carrier: TCarrier; country: string; areaCode: string };

/** GET /api/admin/carrier-numbers: the carriers this server has; none, and the page offers no ordering. */
export function getCarrierNumbersInfo(): Promise<TCarrierNumbersInfo> {
  return apiGet('/admin/carrier-numbers', ZCarrierNumbersInfo);
}

export const carrierNumbersInfoQueryOptions = () =>
  queryOptions({
    queryKey: adminNumberKeys.carriers,
    queryFn: getCarrierNumbersInfo,
    // The server's configuration: it changes only with a restart.
    staleTime: Infinity,
  });

export function useCarrierNumbersInfo() {
  return useQuery(carrierNumbersInfoQueryOptions());
}

/** GET /api/admin/carrier-numbers/search: at most 20 of the carrier's numbers for sale, none the inventory has. */
export function searchCarrierNumbers({ carrier, country, areaCode }: TCarrierSearchCriteria): Promise<TCarrierNumberSearchResponse> {
  const query = new URLSearchParams({ carrier, country });
  if (areaCode) query.set('areaCode', areaCode);
  return apiGet(`/admin/carrier-numbers/search?${query.toString()}`, ZCarrierNumberSearchResponse);
}

/** The search runs when it is asked for (Search pressed: `criteria` given), not as the fields change. */
export const carrierNumberSearchQueryOptions = (criteria: TCarrierSearchCriteria | null) =>
  queryOptions({
    queryKey: adminNumberKeys.carrierSearch(criteria),
    queryFn: () => searchCarrierNumbers(criteria!),
    enabled: criteria !== null,
    // Each Search asks the carrier: what it has for sale changes as others buy.
    staleTime: 0,
    // A carrier that is down or refuses says so at once (503, 422), and Search asks again.
    retry: false,
  });

export function useCarrierNumberSearch(criteria: TCarrierSearchCriteria | null) {
  return useQuery(carrierNumberSearchQueryOptions(criteria));
}

/** POST /api/admin/carrier-numbers: buys the number from the carrier into the inventory, available (409: held). */
export function orderCarrierNumber(request: TOrderCarrierNumberRequest): Promise<TAdminNumber> {
  return apiSend('POST', '/admin/carrier-numbers', request, ZAdminNumber);
}

export function useOrderCarrierNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderCarrierNumber,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminNumberKeys.all }),
        // The number bought is no longer for sale; a search not shown now is asked again when it is.
        queryClient.invalidateQueries({ queryKey: adminNumberKeys.carrierSearches, refetchType: 'none' }),
      ]),
  });
}

/** POST /api/admin/numbers/:id/return: an available number from a carrier goes back to it and leaves the inventory. */
export function returnNumberToCarrier(id: string): Promise<TAdminNumber> {
  return apiSend('POST', `/admin/numbers/${encodeURIComponent(id)}/return`, undefined, ZAdminNumber);
}

export function useReturnNumberToCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnNumberToCarrier,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminNumberKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminNumberKeys.carrierSearches, refetchType: 'none' }),
      ]),
  });
}
