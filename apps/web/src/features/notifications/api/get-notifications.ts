import { ZNotificationsResponse, type TNotificationsResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { notificationsQueryKey } from '@/lib/account/notifications-query-key';
import { apiGet } from '@/lib/api-client';

/** The bell asks again this often while the page is shown, so that a fax that arrives or ends appears. */
export const NOTIFICATIONS_POLL_MS = 10_000;

/** GET /api/notifications: the newest fax events this person may see, and how many are unread. */
export function getNotifications(): Promise<TNotificationsResponse> {
  return apiGet('/notifications', ZNotificationsResponse);
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    staleTime: 0,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    // A hidden tab asks nothing; it asks at once when shown again (refetchOnWindowFocus).
    refetchIntervalInBackground: false,
  });

/** `enabled` is false for a role that sees no faxes (Billing): its list is always empty, so it is not asked for. */
export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
