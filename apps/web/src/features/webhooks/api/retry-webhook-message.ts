import { ZWebhookMessage, type TWebhookMessage } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

type TRetryWebhookMessage = { endpointId: string; messageId: string };

/** POST /api/webhooks/:id/messages/:messageId/retry (202): sends the message again now, as a new try in its log. */
export function retryWebhookMessage({ endpointId, messageId }: TRetryWebhookMessage): Promise<TWebhookMessage> {
  const path = `/webhooks/${encodeURIComponent(endpointId)}/messages/${encodeURIComponent(messageId)}/retry`;
  return apiSend('POST', path, undefined, ZWebhookMessage);
}

export function useRetryWebhookMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryWebhookMessage,
    onSuccess: (_message, { endpointId }) => queryClient.invalidateQueries({ queryKey: webhooksKeys.messages(endpointId) }),
  });
}
