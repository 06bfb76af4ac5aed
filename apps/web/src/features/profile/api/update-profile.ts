import { ZSessionResponse, type TSessionResponse, type TUpdateProfileRequest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** PATCH /api/profile: full name and avatar URL; answers with the updated session. */
export function updateProfile(request: TUpdateProfileRequest): Promise<TSessionResponse> {
  return apiSend('PATCH', '/profile', request, ZSessionResponse);
}

/** Saves the profile and stores the session it returns, announcing USER_UPDATED. */
export function useUpdateProfile() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ session }) => setSession(session, session ? 'USER_UPDATED' : undefined),
  });
}
