import { ZOk, type TOk, type TResendConfirmationRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/** POST /api/auth/resend-confirmation: sends a new confirmation link if the address still needs one. */
export function resendConfirmation(request: TResendConfirmationRequest): Promise<TOk> {
  return apiSend('POST', '/auth/resend-confirmation', request, ZOk);
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
