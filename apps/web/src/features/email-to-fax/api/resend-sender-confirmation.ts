import { ZEmailToFaxSettings, type TEmailToFaxSettings, type TResendSenderConfirmationRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { emailToFaxSettingsQueryKey } from './get-email-to-fax-settings';

/**
 * POST /api/account/email-to-fax/resend: a new confirmation link to an address still waiting (the old link stops
 * working); answers with the settings as stored. 429 within a few minutes of the last link, 409 once confirmed.
 */
export function resendSenderConfirmation(request: TResendSenderConfirmationRequest): Promise<TEmailToFaxSettings> {
  return apiSend('POST', '/account/email-to-fax/resend', request, ZEmailToFaxSettings);
}

export function useResendSenderConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendSenderConfirmation,
    onSuccess: (saved) => queryClient.setQueryData(emailToFaxSettingsQueryKey, saved),
  });
}
