import { ZWebhookMessage, type TWebhookMessage } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

/** POST /api/webhooks/:id/test (202): queues a `webhook.test` message to the endpoint; it shows in the delivery log. */
export function sendTestWebhook(id: string): Promise<TWebhookMessage> {
  return apiSend('POST', `/webhooks/${encodeURIComponent(id)}/test`, undefined, ZWebhookMessage);
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: (_message, id) => queryClient.invalidateQueries({ queryKey: webhooksKeys.messages(id) }),
  });
}
