import { ZAdminNotificationsResponse, type TAdminNotificationsResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { NOTIFICATIONS_POLL_MS } from './get-notifications';

export const adminNotificationsQueryKey = ['admin', 'notifications'] as const;

/** GET /api/admin/notifications: the newest platform events, and how many this operator has not read. */
export function getAdminNotifications(): Promise<TAdminNotificationsResponse> {
  return apiGet('/admin/notifications', ZAdminNotificationsResponse);
}

export const adminNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: adminNotificationsQueryKey,
    queryFn: getAdminNotifications,
    staleTime: 0,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });

export function useAdminNotifications() {
  return useQuery(adminNotificationsQueryOptions());
}
