import { ZAccountNumbers, type TAccountNumbers, type TAddAccountNumberRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { accountNumberKeys } from './query-keys';

/**
 * POST /api/account-numbers: adds a number found by the search; answers the account's numbers. 403 past the plan's
 * allowance when no more can be sold, 409 when someone took it meanwhile or it is in quarantine.
 */
export function addAccountNumber(request: TAddAccountNumberRequest): Promise<TAccountNumbers> {
  return apiSend('POST', '/account-numbers', request, ZAccountNumbers);
}

export function useAddAccountNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccountNumber,
    onSuccess: (numbers) => {
      queryClient.setQueryData(accountNumberKeys.list(), numbers);
      // The number is no longer available: the search's answers are stale.
      void queryClient.invalidateQueries({ queryKey: [...accountNumberKeys.all, 'available'] });
    },
  });
}
