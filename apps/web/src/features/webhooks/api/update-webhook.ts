import { ZWebhookEndpoint, type TUpdateWebhookEndpointRequest, type TWebhookEndpoint } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

type TUpdateWebhook = { id: string; changes: TUpdateWebhookEndpointRequest };

/** PATCH /api/webhooks/:id: turns the endpoint on or off, or changes its URL, events or description. 404 when it is gone. */
export function updateWebhook({ id, changes }: TUpdateWebhook): Promise<TWebhookEndpoint> {
  return apiSend('PATCH', `/webhooks/${encodeURIComponent(id)}`, changes, ZWebhookEndpoint);
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list() }),
  });
}
