import { ZSystemSettingsResponse, type TSystemSettingsResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { systemSettingsKeys } from './system-settings-keys';

/** GET /api/admin/settings: every value, and the secrets as set / last four characters only. */
export function getSystemSettings(): Promise<TSystemSettingsResponse> {
  return apiGet('/admin/settings', ZSystemSettingsResponse);
}

export const systemSettingsQueryOptions = () => queryOptions({ queryKey: systemSettingsKeys.all, queryFn: getSystemSettings });

export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}
