import { ZSsoSettingsResponse, type TSsoConnectionChange, type TSsoSettingsResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { ssoSettingsQueryKey } from './get-sso-settings';

/** PUT /api/sso/connection: connects the identity provider or changes it; answers the whole section. */
export function saveSsoConnection(change: TSsoConnectionChange): Promise<TSsoSettingsResponse> {
  return apiSend('PUT', '/sso/connection', change, ZSsoSettingsResponse);
}

export function useSaveSsoConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSsoConnection, onSuccess: (saved) => queryClient.setQueryData(ssoSettingsQueryKey, saved) });
}
