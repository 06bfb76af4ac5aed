import { ZMarkNotificationsReadResponse, type TMarkNotificationsReadRequest, type TMarkNotificationsReadResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { notificationsQueryKey } from '@/lib/account/notifications-query-key';
import { apiSend } from '@/lib/api-client';

/** POST /api/notifications/read: some notifications (`ids`) or all of them (`all`) read, for this person only. */
export function markNotificationsRead(request: TMarkNotificationsReadRequest): Promise<TMarkNotificationsReadResponse> {
  return apiSend('POST', '/notifications/read', request, ZMarkNotificationsReadResponse);
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
