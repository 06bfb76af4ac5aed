import { ZSsoSettingsResponse, type TSsoSettingsResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

export const ssoSettingsQueryKey = ['account', 'sso'] as const;

/** GET /api/sso: the account's single sign-on as its owner sees it (never the client secret). 403 unless owner. */
export function getSsoSettings(): Promise<TSsoSettingsResponse> {
  return apiGet('/sso', ZSsoSettingsResponse);
}

export function useSsoSettings() {
  return useQuery(
    queryOptions({
      queryKey: ssoSettingsQueryKey,
      queryFn: getSsoSettings,
      retry: (failures, error) => !(error instanceof ApiError && error.status === 403) && failures < 2,
    }),
  );
}
