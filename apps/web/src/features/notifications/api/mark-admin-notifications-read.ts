import { ZMarkNotificationsReadResponse, type TMarkNotificationsReadRequest, type TMarkNotificationsReadResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminNotificationsQueryKey } from './get-admin-notifications';

/** POST /api/admin/notifications/read: platform events read by this operator (the others' stay as they were). */
export function markAdminNotificationsRead(request: TMarkNotificationsReadRequest): Promise<TMarkNotificationsReadResponse> {
  return apiSend('POST', '/admin/notifications/read', request, ZMarkNotificationsReadResponse);
}

export function useMarkAdminNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAdminNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminNotificationsQueryKey }),
  });
}
