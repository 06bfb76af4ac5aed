import { ZSessionResponse, type TSessionResponse, type TTwoFactorConfirmRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** POST /api/two-factor/confirm: the first code from the app switches two-factor sign-in on; answers the session. */
export function confirmTwoFactor(request: TTwoFactorConfirmRequest): Promise<TSessionResponse> {
  return apiSend('POST', '/two-factor/confirm', request, ZSessionResponse);
}

/** Stores the session it returns (now with two-factor sign-in on), announcing USER_UPDATED. */
export function useConfirmTwoFactor() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: ({ session }) => setSession(session, session ? 'USER_UPDATED' : undefined),
  });
}
