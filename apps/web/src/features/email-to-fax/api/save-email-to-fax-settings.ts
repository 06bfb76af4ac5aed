import { ZEmailToFaxSettings, type TEmailToFaxSettings, type TSaveEmailToFaxSettingsRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { emailToFaxSettingsQueryKey } from './get-email-to-fax-settings';

/**
 * PUT /api/account/email-to-fax: the allowed addresses, the policy and the cover message choice at once; answers with
 * what was stored (addresses lower-case, each once). 400 with a translated message for a bad address or too many.
 */
export function saveEmailToFaxSettings(request: TSaveEmailToFaxSettingsRequest): Promise<TEmailToFaxSettings> {
  return apiSend('PUT', '/account/email-to-fax', request, ZEmailToFaxSettings);
}

export function useSaveEmailToFaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailToFaxSettings,
    // The answer is the stored state: no need to ask for it again.
    onSuccess: (saved) => queryClient.setQueryData(emailToFaxSettingsQueryKey, saved),
  });
}
