import { ZAdminAccessResponse, type TAdminAccessResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

/** GET /api/admin/session: when the back-office access (step-up) of this session ends. 401 or 403 when it cannot. */
export function getAdminSession(): Promise<TAdminAccessResponse> {
  return apiGet('/admin/session', ZAdminAccessResponse);
}

export const adminSessionQueryKey = ['admin', 'session'] as const;

/** Keyed by the signed-in person, so signing in or out as someone else asks again. */
export const adminSessionQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...adminSessionQueryKey, userId],
    queryFn: getAdminSession,
    // Checked again on focus: the access ends after 30 minutes idle (DESIGN.md).
    staleTime: 0,
    // A refusal is an answer, not a glitch to retry.
    retry: (failureCount, error) => !(error instanceof ApiError && (error.status === 401 || error.status === 403)) && failureCount < 1,
  });

/** `enabled` is false while it is not yet known who is signed in. */
export function useAdminSession(userId: string | null, enabled: boolean) {
  return useQuery({ ...adminSessionQueryOptions(userId), enabled });
}
