import { ZOk, type TForgotPasswordRequest, type TOk } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export function forgotPassword(request: TForgotPasswordRequest): Promise<TOk> {
  return apiSend('POST', '/auth/forgot-password', request, ZOk);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
