import { ZRetentionSettings, type TRetentionSettings } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { retentionKeys } from './query-keys';

/** GET /api/retention/policy: the account's retention policy, its inboxes' periods and the next run. Owner and sub-admins. */
export function getRetentionSettings(): Promise<TRetentionSettings> {
  return apiGet('/retention/policy', ZRetentionSettings);
}

export const retentionSettingsQueryOptions = () => queryOptions({ queryKey: retentionKeys.settings(), queryFn: getRetentionSettings });

/** The settings, asked only for those who may manage them (`enabled`): the server refuses everyone else. */
export function useRetentionSettings(enabled = true) {
  return useQuery({ ...retentionSettingsQueryOptions(), enabled });
}
