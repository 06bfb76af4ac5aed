import { ZOk, type TChangePasswordRequest, type TOk } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** POST /api/profile/password. 400 when the current password is wrong. The server ends the other sessions. */
export function changePassword(request: TChangePasswordRequest): Promise<TOk> {
  return apiSend('POST', '/profile/password', request, ZOk);
}

/** This session continues with a new token, so it is asked for again (the spec warns one might be signed out). */
export function useChangePassword() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => refresh().catch(() => null),
  });
}
