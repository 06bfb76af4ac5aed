import { ZFaxEmailSettings, type TFaxEmailSettings } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

export const faxEmailSettingsQueryKey = ['account', 'fax-email'] as const;

/**
 * GET /api/account/fax-email: whether received faxes are e-mailed with their document, whether the plan is a HIPAA
 * plan (never with it), and each number's extra addresses. 403 unless owner or sub-admin.
 */
export function getFaxEmailSettings(): Promise<TFaxEmailSettings> {
  return apiGet('/account/fax-email', ZFaxEmailSettings);
}

/** The server's refusal of someone who may not manage these settings: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const faxEmailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: faxEmailSettingsQueryKey,
    queryFn: getFaxEmailSettings,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useFaxEmailSettings() {
  return useQuery(faxEmailSettingsQueryOptions());
}
