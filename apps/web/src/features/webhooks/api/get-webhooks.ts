import { ZWebhookEndpointsResponse, type TWebhookEndpointsResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

/** GET /api/webhooks: the account's endpoints (never their secrets) and how many it may hold. 403 unless owner or sub-admin. */
export function getWebhooks(): Promise<TWebhookEndpointsResponse> {
  return apiGet('/webhooks', ZWebhookEndpointsResponse);
}

/** The server's refusal of someone who may not manage webhooks: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKeys.list(),
    queryFn: getWebhooks,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
