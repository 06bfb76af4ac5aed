import { ZOk, type TOk, type TResetPasswordRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** POST /api/auth/reset-password with the token from the e-mailed link. 400 when the link is invalid or expired. */
export function resetPassword(request: TResetPasswordRequest): Promise<TOk> {
  return apiSend('POST', '/auth/reset-password', request, ZOk);
}

/** The server ends every session of the account on reset, so the session is asked for again afterwards. */
export function useResetPassword() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: resetPassword,
    // A failed refresh must not turn a successful reset into an error.
    onSuccess: () => refresh().catch(() => null),
  });
}
