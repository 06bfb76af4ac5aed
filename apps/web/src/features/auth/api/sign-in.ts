import { ZSessionResponse, type TSessionResponse, type TSignInRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** POST /api/auth/sign-in with an e-mail address or a username. 401 wrong credentials, 403 e-mail not confirmed. */
export function signIn(request: TSignInRequest): Promise<TSessionResponse> {
  return apiSend('POST', '/auth/sign-in', request, ZSessionResponse);
}

/** Signs in and stores the new session, which announces SIGNED_IN here and in the other tabs. */
export function useSignIn() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ session }) => setSession(session),
  });
}
