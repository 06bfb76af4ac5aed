import { ZSystemSettingsResponse, type TSaveSystemSettingsRequest, type TSystemSettingsResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { platformQueryKey } from '@/lib/platform/use-platform-info';

import { systemSettingsKeys } from './system-settings-keys';

/** PUT /api/admin/settings: every value; each secret a new value, '' to remove it, or left out to keep it. */
export function saveSystemSettings(request: TSaveSystemSettingsRequest): Promise<TSystemSettingsResponse> {
  return apiSend('PUT', '/admin/settings', request, ZSystemSettingsResponse);
}

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSystemSettings,
    // The answer is the stored state: no need to ask for it again.
    onSuccess: async (saved) => {
      queryClient.setQueryData(systemSettingsKeys.all, saved);
      await queryClient.invalidateQueries({ queryKey: platformQueryKey });
    },
  });
}
