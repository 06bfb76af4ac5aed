import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminUserKeys } from './query-keys';

/** DELETE /api/admin/users/:id: an account owner goes with their account, a member alone (spec 001 §2.11). */
export function deleteAdminUser(id: string): Promise<TOk> {
  return apiSend('DELETE', `/admin/users/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  });
}
