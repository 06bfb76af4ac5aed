import { ZSignInResponse, type TSignInRequest, type TSignInResponse } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * POST /api/auth/sign-in with an e-mail address or a username. 401 wrong credentials, 403 e-mail not confirmed. With
 * two-factor sign-in on, the answer has no session yet but `twoFactorRequired` (and a cookie for the second step).
 */
export function signIn(request: TSignInRequest): Promise<TSignInResponse> {
  return apiSend('POST', '/auth/sign-in', request, ZSignInResponse);
}

/** Signs in and stores the new session, which announces SIGNED_IN here and in the other tabs. */
export function useSignIn() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: signIn,
    // Nobody is signed in yet while a second step is due: nothing to store.
    onSuccess: ({ session }) => (session ? setSession(session) : undefined),
  });
}
