import { ZFaxEmailSettings, type TFaxEmailSettings, type TSaveFaxEmailSettingsRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxEmailSettingsQueryKey } from './get-fax-email-settings';

/**
 * PUT /api/account/fax-email: the documents choice and every number's extra addresses at once; answers with what was
 * stored. 400 with a translated message for a bad address, too many of them, or a number that is not the account's.
 */
export function saveFaxEmailSettings(request: TSaveFaxEmailSettingsRequest): Promise<TFaxEmailSettings> {
  return apiSend('PUT', '/account/fax-email', request, ZFaxEmailSettings);
}

export function useSaveFaxEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFaxEmailSettings,
    // The answer is the stored state: no need to ask for it again.
    onSuccess: (saved) => queryClient.setQueryData(faxEmailSettingsQueryKey, saved),
  });
}
