import { ZFaxIdentity, type TFaxIdentity } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

import { faxIdentityKeys } from './query-keys';

/**
 * GET /api/fax-identity: the account's header line (on or off, its name, its time zone), the account name it carries
 * when no name is chosen, and each number's station id. 403 unless owner or sub-admin.
 */
export function getFaxIdentity(): Promise<TFaxIdentity> {
  return apiGet('/fax-identity', ZFaxIdentity);
}

/** The server's refusal of someone who may not manage the fax identity: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const faxIdentityQueryOptions = () =>
  queryOptions({
    queryKey: faxIdentityKeys.detail(),
    queryFn: getFaxIdentity,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useFaxIdentity() {
  return useQuery(faxIdentityQueryOptions());
}
