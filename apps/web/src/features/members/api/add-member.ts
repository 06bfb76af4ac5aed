import { ZAddMemberResponse, type TAddMemberRequest, type TMemberInvitation } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { memberKeys } from './query-keys';

/**
 * POST /api/account/members: invites a new login of the account (202); it joins when its owner accepts from the
 * e-mail. The answer is the same whether or not the address has a Faxline account. 409 when the username is taken.
 */
export async function addMember(request: TAddMemberRequest): Promise<TMemberInvitation> {
  return (await apiSend('POST', '/account/members', request, ZAddMemberResponse)).invitation;
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
