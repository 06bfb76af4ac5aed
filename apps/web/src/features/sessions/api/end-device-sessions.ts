import { ZEndedSessionsResponse, ZOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { securityKeys } from './security-keys';

/** DELETE /api/sessions/:id: one of the person's other devices is signed out at its next request. */
export function endDeviceSession(sessionId: string) {
  return apiSend('DELETE', `/sessions/${encodeURIComponent(sessionId)}`, undefined, ZOk);
}

/** DELETE /api/sessions: every device but this one is signed out. */
export function endOtherDeviceSessions() {
  return apiSend('DELETE', '/sessions', undefined, ZEndedSessionsResponse);
}

export function useEndDeviceSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endDeviceSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.devices }),
  });
}

export function useEndOtherDeviceSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherDeviceSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.devices }),
  });
}
