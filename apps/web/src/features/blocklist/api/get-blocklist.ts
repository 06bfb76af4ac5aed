import { ZBlocklist, type TBlocklist } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

import { blocklistKeys } from './query-keys';

/** GET /api/blocklist: the account's blocked numbers and prefixes, and how many it may hold. 403 unless owner or sub-admin. */
export function getBlocklist(): Promise<TBlocklist> {
  return apiGet('/blocklist', ZBlocklist);
}

/** The server's refusal of someone who may not manage the blocklist: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const blocklistQueryOptions = () =>
  queryOptions({
    queryKey: blocklistKeys.list(),
    queryFn: getBlocklist,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useBlocklist({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...blocklistQueryOptions(), enabled });
}
