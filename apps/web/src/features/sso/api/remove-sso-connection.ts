import { ZSsoSettingsResponse, type TSsoSettingsResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { ssoSettingsQueryKey } from './get-sso-settings';

/** DELETE /api/sso/connection: disconnects the identity provider; the people it brought stay members. */
export function removeSsoConnection(): Promise<TSsoSettingsResponse> {
  return apiSend('DELETE', '/sso/connection', undefined, ZSsoSettingsResponse);
}

export function useRemoveSsoConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeSsoConnection, onSuccess: (saved) => queryClient.setQueryData(ssoSettingsQueryKey, saved) });
}
