import { ZFaxEventsResponse, type TFaxEventsResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const notificationsQueryKey = ['account', 'notifications'] as const;

/** The header asks again this often, so a fax that arrives or ends shows up without a reload. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications: the person's recent fax events, newest first (403 for a Billing contact). */
export function getNotifications(): Promise<TFaxEventsResponse> {
  return apiGet('/notifications', ZFaxEventsResponse);
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    staleTime: 0,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** `enabled` is false for a role that may not see faxes, so no refused request is made every 30 s. */
export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
