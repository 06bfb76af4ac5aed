import { ZAdminAccessResponse, type TAdminAccessRequest, type TAdminAccessResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { adminSessionQueryKey } from '@/lib/auth/api/get-admin-session';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * POST /api/admin-access, the admin login (spec 001 §2.9, DESIGN.md): a signed-in admin sends only the password
 * (step-up); a signed-out visitor sends e-mail and password and is signed in. 401 wrong password, 403 not an admin.
 */
export function grantAdminAccess(request: TAdminAccessRequest): Promise<TAdminAccessResponse> {
  return apiSend('POST', '/admin-access', request, ZAdminAccessResponse);
}

export function useGrantAdminAccess() {
  const queryClient = useQueryClient();
  const { user, refresh } = useAuth();
  return useMutation({
    mutationFn: grantAdminAccess,
    onSuccess: async () => {
      // A visitor who was signed out is signed in now: announce it (and tell the other tabs).
      if (!user) await refresh().catch(() => null);
      // Reset, not just invalidated: a cached refusal must not send the person straight back here.
      await queryClient.resetQueries({ queryKey: adminSessionQueryKey });
    },
  });
}
