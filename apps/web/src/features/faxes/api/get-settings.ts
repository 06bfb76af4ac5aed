import { ZSettings, type TFaxQuality, type TSettings } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/**
 * GET /api/settings, for the default fax quality the send form starts with. The key is the settings page's own
 * (features/settings), so the cache is one: a quality saved there is the one found here.
 */
export function getSettings(): Promise<TSettings> {
  return apiGet('/settings', ZSettings);
}

export const settingsQueryOptions = () => queryOptions({ queryKey: ['settings'] as const, queryFn: getSettings });

/** The saved default quality; undefined until known (or if it cannot be read: the form then keeps its own default). */
export function useDefaultQuality(): TFaxQuality | undefined {
  return useQuery({ ...settingsQueryOptions(), select: (settings) => settings.defaultFaxQuality }).data;
}
