import { ZDeviceSessionsResponse, type TDeviceSessionsResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { securityKeys } from './security-keys';

/** GET /api/sessions: the person's own signed-in devices, this one marked. */
export function getDeviceSessions(): Promise<TDeviceSessionsResponse> {
  return apiGet('/sessions', ZDeviceSessionsResponse);
}

export const deviceSessionsQueryOptions = () => queryOptions({ queryKey: securityKeys.devices, queryFn: getDeviceSessions });

export function useDeviceSessions() {
  return useQuery(deviceSessionsQueryOptions());
}
