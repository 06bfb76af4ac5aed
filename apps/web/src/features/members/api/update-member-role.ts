import { ZMember, type TMember } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import type { TMemberRole } from '../utils/member-checks';

import { memberKeys } from './query-keys';

export type TUpdateMemberRoleInput = { userId: string; role: TMemberRole };

/** PATCH /api/account/members/:userId: a new role for anyone but the owner (409 for the owner). */
export function updateMemberRole({ userId, role }: TUpdateMemberRoleInput): Promise<TMember> {
  return apiSend('PATCH', `/account/members/${encodeURIComponent(userId)}`, { role }, ZMember);
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
