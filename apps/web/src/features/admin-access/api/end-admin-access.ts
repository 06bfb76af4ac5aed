import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { adminSessionQueryKey } from '@/lib/auth/api/get-admin-session';

/** DELETE /api/admin-access: the admin Logout. Ends the back-office access only; the person stays signed in. */
export function endAdminAccess(): Promise<TOk> {
  return apiSend('DELETE', '/admin-access', undefined, ZOk);
}

export function useEndAdminAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAdminAccess,
    onSuccess: () => queryClient.removeQueries({ queryKey: adminSessionQueryKey }),
  });
}
