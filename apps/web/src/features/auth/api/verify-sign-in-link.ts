import { ZSessionResponse, type TSessionResponse, type TSignInLinkVerifyRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * POST /api/auth/sign-in-link/verify, from the browser that asked for the link: signed in (`session`), or, with
 * two-factor sign-in on, `session: null` and this browser known, where the password and a code follow.
 */
export function verifySignInLink(request: TSignInLinkVerifyRequest): Promise<TSessionResponse> {
  return apiSend('POST', '/auth/sign-in-link/verify', request, ZSessionResponse);
}

/** Spends the link and stores the new session, which announces SIGNED_IN here and in the other tabs. */
export function useVerifySignInLink() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: verifySignInLink,
    onSuccess: ({ session }) => (session ? setSession(session) : undefined),
  });
}
