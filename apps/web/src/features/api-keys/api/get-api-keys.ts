import { ZApiKeysResponse, type TApiKeysResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

import { apiKeysKeys } from './query-keys';

/** GET /api/api-keys: the account's keys that still work (never their secrets) and how many it may hold. 403 unless owner or sub-admin. */
export function getApiKeys(): Promise<TApiKeysResponse> {
  return apiGet('/api-keys', ZApiKeysResponse);
}

/** The server's refusal of someone who may not manage API keys: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKeys.list(),
    queryFn: getApiKeys,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useApiKeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}
