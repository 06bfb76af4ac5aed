import { ZAccountNumbers, type TAccountNumbers } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { accountNumberKeys } from './query-keys';

/** GET /api/account-numbers: the account's numbers with their inbox and station id, and what the plan allows. Owner only. */
export function getAccountNumbers(): Promise<TAccountNumbers> {
  return apiGet('/account-numbers', ZAccountNumbers);
}

export const accountNumbersQueryOptions = () => queryOptions({ queryKey: accountNumberKeys.list(), queryFn: getAccountNumbers });

export function useAccountNumbers() {
  return useQuery(accountNumbersQueryOptions());
}
