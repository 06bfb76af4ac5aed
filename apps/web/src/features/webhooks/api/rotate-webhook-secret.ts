import { ZWebhookSecretResponse, type TWebhookSecretResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

/**
 * POST /api/webhooks/:id/rotate-secret: a new secret (or key pair), sent this once. The previous one keeps signing
 * beside it for WEBHOOK_SECRET_OVERLAP_SECONDS, so that receivers can switch without losing a message.
 */
export function rotateWebhookSecret(id: string): Promise<TWebhookSecretResponse> {
  return apiSend('POST', `/webhooks/${encodeURIComponent(id)}/rotate-secret`, undefined, ZWebhookSecretResponse);
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list() }),
  });
}
