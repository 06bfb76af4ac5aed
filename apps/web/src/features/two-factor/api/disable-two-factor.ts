import { ZSessionResponse, type TSessionResponse, type TTwoFactorDisableRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** POST /api/two-factor/disable with the password; answers the session. A wrong password is a 4xx with its message. */
export function disableTwoFactor(request: TTwoFactorDisableRequest): Promise<TSessionResponse> {
  return apiSend('POST', '/two-factor/disable', request, ZSessionResponse);
}

/** Stores the session it returns (now with two-factor sign-in off), announcing USER_UPDATED. */
export function useDisableTwoFactor() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: ({ session }) => setSession(session, session ? 'USER_UPDATED' : undefined),
  });
}
