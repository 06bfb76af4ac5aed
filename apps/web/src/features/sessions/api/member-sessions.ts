import { ZEndedSessionsResponse, ZMemberSessionsResponse, ZOk, type TMemberSessionsResponse } from '@faxline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

import { securityKeys } from './security-keys';

/** GET /api/account/member-sessions: the members the asker manages, with their devices (owner and sub-admins). */
export function getMemberSessions(): Promise<TMemberSessionsResponse> {
  return apiGet('/account/member-sessions', ZMemberSessionsResponse);
}

export function useMemberSessions(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: securityKeys.memberDevices, queryFn: getMemberSessions, enabled }));
}

type TEnd = { userId: string; sessionId?: string };

/** DELETE one device of a member, or (no `sessionId`) all of them. */
export function endMemberSessions({ userId, sessionId }: TEnd) {
  const member = `/account/member-sessions/${encodeURIComponent(userId)}`;
  return sessionId
    ? apiSend('DELETE', `${member}/${encodeURIComponent(sessionId)}`, undefined, ZOk).then(() => ({ ended: 1 }))
    : apiSend('DELETE', member, undefined, ZEndedSessionsResponse);
}

export function useEndMemberSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMemberSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.memberDevices }),
  });
}
