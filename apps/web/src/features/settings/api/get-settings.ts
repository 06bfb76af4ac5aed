import { ZSettings, type TSettings } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** The same key as the send form's read of the settings (features/faxes), so a save reaches the send page at once. */
export const settingsQueryKey = ['settings'] as const;

/** GET /api/settings: the signed-in person's notification choices and default fax quality. */
export function getSettings(): Promise<TSettings> {
  return apiGet('/settings', ZSettings);
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
