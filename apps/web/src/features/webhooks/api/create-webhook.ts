import { ZWebhookSecretResponse, type TCreateWebhookEndpointRequest, type TWebhookSecretResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

/**
 * POST /api/webhooks: a new endpoint. The answer (201) holds its secret (whsec_…, or the public key whpk_… of an
 * Ed25519 endpoint), the only time a secret is sent; 400 for a bad URL or event, or when the account has its most.
 */
export function createWebhook(request: TCreateWebhookEndpointRequest): Promise<TWebhookSecretResponse> {
  return apiSend('POST', '/webhooks', request, ZWebhookSecretResponse);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    // The list is fetched again rather than given the answer: the secret stays out of the query cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list() }),
  });
}
