import { ZReleasedAccountNumber, type TReleasedAccountNumber } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { accountNumberKeys } from './query-keys';

/** POST /api/account-numbers/:id/release: gives the number back; answers until when it stays in quarantine. */
export function releaseAccountNumber(id: string): Promise<TReleasedAccountNumber> {
  return apiSend('POST', `/account-numbers/${encodeURIComponent(id)}/release`, {}, ZReleasedAccountNumber);
}

export function useReleaseAccountNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseAccountNumber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountNumberKeys.list() }),
  });
}
