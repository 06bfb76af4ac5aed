import { ZSettings, type TSettings } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/**
 * The one query of the person's settings. Here because two features read it: the settings page edits them and the
 * send form starts with the default quality; one key means a save reaches the send form at once.
 */
export const settingsQueryKey = ['account', 'settings'] as const;

/** GET /api/settings: the signed-in person's notification choices and default fax quality. */
export function getSettings(): Promise<TSettings> {
  return apiGet('/settings', ZSettings);
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
