import { ZWebhookEndpointsResponse, type TWebhookEndpoint } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { routingKeys } from './query-keys';

/** GET /api/webhooks: the account's webhook endpoints, for a rule's "post to webhook" action. */
export async function getWebhookEndpoints(): Promise<TWebhookEndpoint[]> {
  return (await apiGet('/webhooks', ZWebhookEndpointsResponse)).endpoints;
}

export const webhookEndpointsQueryOptions = () =>
  queryOptions({ queryKey: routingKeys.webhooks(), queryFn: getWebhookEndpoints, staleTime: 60_000 });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}
