import { ZSystemSettingsResponse, type TSystemSettingsResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { platformQueryKey } from '@/lib/platform/use-platform-info';

import { systemSettingsKeys } from './system-settings-keys';

/** POST /api/admin/settings/reset: spec 001 §9's defaults back; stored keys and secrets stay. */
export function resetSystemSettings(): Promise<TSystemSettingsResponse> {
  return apiSend('POST', '/admin/settings/reset', undefined, ZSystemSettingsResponse);
}

export function useResetSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSystemSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(systemSettingsKeys.all, saved);
      await queryClient.invalidateQueries({ queryKey: platformQueryKey });
    },
  });
}
