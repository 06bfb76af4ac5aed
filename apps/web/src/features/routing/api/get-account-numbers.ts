import { ZFaxNumbersResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { routingKeys } from './query-keys';

/** GET /api/numbers: the account's fax numbers (E.164), for an inbox's numbers and the "number called" condition. */
export async function getAccountNumbers(): Promise<string[]> {
  return (await apiGet('/numbers', ZFaxNumbersResponse)).numbers.map((number) => number.phoneNumber);
}

export const accountNumbersQueryOptions = () =>
  queryOptions({ queryKey: routingKeys.numbers(), queryFn: getAccountNumbers, staleTime: 5 * 60_000 });

export function useAccountNumbers() {
  return useQuery(accountNumbersQueryOptions());
}
