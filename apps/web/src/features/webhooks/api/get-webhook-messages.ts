import { ZWebhookMessagesResponse, type TWebhookMessagesResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

/** How often an open delivery log asks again, so that a test event's outcome and each retry appear on their own. */
export const DELIVERY_LOG_POLL_MS = 5_000;

/** GET /api/webhooks/:id/messages: the delivery log, each message with its tries. 404 when the endpoint is gone. */
export function getWebhookMessages(endpointId: string): Promise<TWebhookMessagesResponse> {
  return apiGet(`/webhooks/${encodeURIComponent(endpointId)}/messages`, ZWebhookMessagesResponse);
}

export const webhookMessagesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: webhooksKeys.messages(endpointId),
    queryFn: () => getWebhookMessages(endpointId),
    refetchInterval: DELIVERY_LOG_POLL_MS,
  });

/** The log of one endpoint, polled while a component that shows it is mounted (the open log panel). */
export function useWebhookMessages(endpointId: string) {
  return useQuery(webhookMessagesQueryOptions(endpointId));
}
