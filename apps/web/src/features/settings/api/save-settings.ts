import { ZSettings, type TSettings } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { settingsQueryKey } from '@/lib/account/get-settings';
import { apiSend } from '@/lib/api-client';

/** PUT /api/settings: all four settings at once ('Save All Settings'); answers with what was stored. */
export function saveSettings(settings: TSettings): Promise<TSettings> {
  return apiSend('PUT', '/settings', settings, ZSettings);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    // The answer is the stored state: no need to ask for it again.
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
  });
}
