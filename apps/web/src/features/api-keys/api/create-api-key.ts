import { ZCreateApiKeyResponse, type TCreateApiKeyRequest, type TCreateApiKeyResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { apiKeysKeys } from './query-keys';

/**
 * POST /api/api-keys: a new key with the scopes asked for. The answer (201) holds its secret, the only time it is ever
 * sent; 400 for a bad name or scope, or when the account already has its most keys.
 */
export function createApiKey(request: TCreateApiKeyRequest): Promise<TCreateApiKeyResponse> {
  return apiSend('POST', '/api-keys', request, ZCreateApiKeyResponse);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // The list is fetched again rather than given the answer: the secret stays out of the query cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
  });
}
