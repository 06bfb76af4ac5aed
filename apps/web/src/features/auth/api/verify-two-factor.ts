import { ZSessionResponse, type TSessionResponse, type TTwoFactorChallengeRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * POST /api/auth/two-factor: the second step of sign-in, with a code from the app or a backup code. 401 when the code
 * is wrong or already used, and also (with its own message) when the first step has expired.
 */
export function verifyTwoFactor(request: TTwoFactorChallengeRequest): Promise<TSessionResponse> {
  return apiSend('POST', '/auth/two-factor', request, ZSessionResponse);
}

/**
 * Verifies the code and stores the session: SIGNED_IN (here and in the other tabs), then MFA_CHALLENGE_VERIFIED. The
 * session is stored first so that the event's listeners receive the session the challenge opened, as with Supabase,
 * whose auth events the spec names.
 */
export function useVerifyTwoFactor() {
  const { setSession, emit } = useAuth();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: async ({ session }) => {
      if (!session) return;
      await setSession(session);
      emit('MFA_CHALLENGE_VERIFIED');
    },
  });
}
