import { ZFaxTextSettings, type TFaxTextSettings } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

export const faxTextSettingsQueryKey = ['account', 'fax-text'] as const;

/** GET /api/account/fax-text: whether Faxline reads the words of the account's faxes. 403 unless owner or sub-admin. */
export function getFaxTextSettings(): Promise<TFaxTextSettings> {
  return apiGet('/account/fax-text', ZFaxTextSettings);
}

/** The server's refusal of someone who may not manage these settings: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const faxTextSettingsQueryOptions = () =>
  queryOptions({
    queryKey: faxTextSettingsQueryKey,
    queryFn: getFaxTextSettings,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useFaxTextSettings() {
  return useQuery(faxTextSettingsQueryOptions());
}
