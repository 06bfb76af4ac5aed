import { ZSenderConfirmation, type TSenderConfirmation } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/**
 * GET /api/email-to-fax/sender-confirmation?token=: which account asks to send faxes from the address, by whom, until
 * when, and whether the address now sends for another account. No sign-in; reading confirms nothing. 404 with a
 * translated message for a link unknown, used or expired.
 */
export function getSenderConfirmation(token: string): Promise<TSenderConfirmation> {
  return apiGet(`/email-to-fax/sender-confirmation?token=${encodeURIComponent(token)}`, ZSenderConfirmation);
}

export const senderConfirmationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['email-to-fax', 'sender-confirmation', token],
    queryFn: () => getSenderConfirmation(token),
    // A refused link stays refused: nothing to retry.
    retry: false,
    staleTime: Infinity,
  });

export function useSenderConfirmation(token: string) {
  return useQuery(senderConfirmationQueryOptions(token));
}
