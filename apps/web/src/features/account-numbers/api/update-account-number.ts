import { ZAccountNumbers, type TAccountNumbers, type TUpdateAccountNumberRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { accountNumberKeys } from './query-keys';

/** PATCH /api/account-numbers/:id: the number's inbox and station id; answers the account's numbers as stored. */
export function updateAccountNumber({ id, ...changes }: TUpdateAccountNumberRequest & { id: string }): Promise<TAccountNumbers> {
  return apiSend('PATCH', `/account-numbers/${encodeURIComponent(id)}`, changes, ZAccountNumbers);
}

export function useUpdateAccountNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountNumber,
    onSuccess: (numbers) => queryClient.setQueryData(accountNumberKeys.list(), numbers),
  });
}
