import { ZFaxNumbersResponse, type TFaxNumbersResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** GET /api/numbers: the account's fax numbers, for the From number. */
export function getNumbers(): Promise<TFaxNumbersResponse> {
  return apiGet('/numbers', ZFaxNumbersResponse);
}

export const numbersQueryOptions = () => queryOptions({ queryKey: faxKeys.numbers(), queryFn: getNumbers, staleTime: 5 * 60_000 });

export function useNumbers() {
  return useQuery(numbersQueryOptions());
}
