import { ZWebhookEndpoint, type TCreateChatNoticeRequest, type TWebhookEndpoint } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

/**
 * POST /api/webhooks/chat: a new chat notice, a Slack or Microsoft Teams incoming webhook told of the events chosen
 * (201, no secret); 400 for a URL that is not the chosen app's, an unknown event, or when the account has its most.
 */
export function createChatNotice(request: TCreateChatNoticeRequest): Promise<TWebhookEndpoint> {
  return apiSend('POST', '/webhooks/chat', request, ZWebhookEndpoint);
}

export function useCreateChatNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list() }),
  });
}
