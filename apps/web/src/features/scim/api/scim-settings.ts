import {
  ZCreateScimTokenResponse,
  ZOk,
  ZScimSettingsResponse,
  type TCreateScimTokenRequest,
  type TCreateScimTokenResponse,
  type TScimGroupMapping,
  type TScimSettingsResponse,
} from '@faxline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

export const scimSettingsQueryKey = ['account', 'scim'] as const;

/** GET /api/account/scim: the tokens (never their secrets), the base URL, the groups and the inboxes. Owner only. */
export function getScimSettings(): Promise<TScimSettingsResponse> {
  return apiGet('/account/scim', ZScimSettingsResponse);
}

export function useScimSettings() {
  return useQuery(queryOptions({ queryKey: scimSettingsQueryKey, queryFn: getScimSettings }));
}

/** POST /api/account/scim/tokens: the answer (201) holds the secret, the only time it is ever sent. */
export function createScimToken(request: TCreateScimTokenRequest): Promise<TCreateScimTokenResponse> {
  return apiSend('POST', '/account/scim/tokens', request, ZCreateScimTokenResponse);
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScimToken,
    // Fetched again rather than given the answer: the secret stays out of the query cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsQueryKey }),
  });
}

/** DELETE /api/account/scim/tokens/:id: the identity provider's next request with it is refused. */
export function revokeScimToken(id: string) {
  return apiSend('DELETE', `/account/scim/tokens/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeScimToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsQueryKey }) });
}

/** PUT /api/account/scim/groups/:id: what a group maps to; its members get it (and lose the old one) at once. */
export function mapScimGroup({ id, mapping }: { id: string; mapping: TScimGroupMapping }) {
  return apiSend('PUT', `/account/scim/groups/${encodeURIComponent(id)}`, mapping, ZOk);
}

export function useMapScimGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mapScimGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsQueryKey }) });
}
