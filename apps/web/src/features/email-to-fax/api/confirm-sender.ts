import { ZSenderConfirmation, type TConfirmSenderRequest, type TSenderConfirmation } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { senderConfirmationQueryOptions } from './get-sender-confirmation';

/** POST /api/email-to-fax/sender-confirmation: the address's owner confirms; the link is spent. */
export function confirmSender(request: TConfirmSenderRequest): Promise<TSenderConfirmation> {
  return apiSend('POST', '/email-to-fax/sender-confirmation', request, ZSenderConfirmation);
}

export function useConfirmSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSender,
    // The page shows the answer; the link it read is used now.
    onSuccess: (confirmed, { token }) => queryClient.setQueryData(senderConfirmationQueryOptions(token).queryKey, confirmed),
  });
}
