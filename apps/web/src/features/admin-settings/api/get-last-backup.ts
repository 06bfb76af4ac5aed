import { ZLastBackupResponse, type TLastBackupResponse } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { systemSettingsKeys } from './system-settings-keys';

/** GET /api/admin/backups/last: the last backup's time, size and result. */
export function getLastBackup(): Promise<TLastBackupResponse> {
  return apiGet('/admin/backups/last', ZLastBackupResponse);
}

export function useLastBackup() {
  return useQuery({ queryKey: [...systemSettingsKeys.all, 'last-backup'], queryFn: getLastBackup });
}
