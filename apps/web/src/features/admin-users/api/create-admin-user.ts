import { ZAdminUser, type TAdminCreateUserRequest, type TAdminUser } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminUserKeys } from './query-keys';

/** POST /api/admin/users: a person with their own customer account (spec 001 §2.11 add dialog). */
export function createAdminUser(request: TAdminCreateUserRequest): Promise<TAdminUser> {
  return apiSend('POST', '/admin/users', request, ZAdminUser);
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  });
}
