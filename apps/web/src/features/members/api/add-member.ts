import { ZMember, type TAddMemberRequest, type TMember } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { memberKeys } from './query-keys';

/** POST /api/account/members: a new login of the account (201). 400 when the username or e-mail is taken. */
export function addMember(request: TAddMemberRequest): Promise<TMember> {
  return apiSend('POST', '/account/members', request, ZMember);
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
