import { ZFaxTextSettings, type TFaxTextSettings } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxTextSettingsQueryKey } from './get-fax-text-settings';

/** PUT /api/account/fax-text: turns reading the words of faxes on or off; answers with what was stored. */
export function saveFaxTextSettings(request: TFaxTextSettings): Promise<TFaxTextSettings> {
  return apiSend('PUT', '/account/fax-text', request, ZFaxTextSettings);
}

export function useSaveFaxTextSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFaxTextSettings,
    // The answer is the stored state: no need to ask for it again.
    onSuccess: (saved) => queryClient.setQueryData(faxTextSettingsQueryKey, saved),
  });
}
