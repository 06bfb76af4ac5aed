import { ZAdminUser, type TAdminUpdateUserRequest, type TAdminUser } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminUserKeys } from './query-keys';

/** PATCH /api/admin/users/:id: name, role and an optional new password (spec 001 §2.11 edit dialog). */
export function updateAdminUser({ id, request }: { id: string; request: TAdminUpdateUserRequest }): Promise<TAdminUser> {
  return apiSend('PATCH', `/admin/users/${encodeURIComponent(id)}`, request, ZAdminUser);
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  });
}
