import { ZSignUpResponse, type TSession, type TSignUpRequest, type TSignUpResponse } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** POST /api/auth/sign-up. `requiresConfirmation: false` means the session cookie is set: the person is signed in. */
export function signUp(request: TSignUpRequest): Promise<TSignUpResponse> {
  return apiSend('POST', '/auth/sign-up', request, ZSignUpResponse);
}

/** Signs up; when no confirmation is needed, fetches the new session too (null if, unexpectedly, there is none). */
export function useSignUp() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: async (request: TSignUpRequest): Promise<TSignUpResponse & { session: TSession | null }> => {
      const result = await signUp(request);
      if (result.requiresConfirmation) return { ...result, session: null };
      // The account exists either way; a session we cannot read is reported as the spec's unexpected sign-up error.
      return { ...result, session: await refresh().catch(() => null) };
    },
  });
}
