import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiSend } from '@/lib/api-client';

import { webhooksKeys } from './query-keys';

/** DELETE /api/webhooks/:id (204): the endpoint gets no more messages, and its log goes with it. 404 when it is already gone. */
export function deleteWebhook(id: string): Promise<undefined> {
  return apiSend('DELETE', `/webhooks/${encodeURIComponent(id)}`, undefined, z.undefined());
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: webhooksKeys.messages(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list() }),
  });
}
