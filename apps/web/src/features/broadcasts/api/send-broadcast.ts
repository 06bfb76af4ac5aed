import { ZSendBroadcastResponse, type TSendBroadcastRequest, type TSendBroadcastResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSendForm } from '@/lib/api-client';

import { broadcastKeys } from './query-keys';

export type TSendBroadcastInput = { request: TSendBroadcastRequest; files: readonly File[]; idempotencyKey: string };

/** The multipart body of POST /api/broadcasts and its quote: `request.json`, then the files in order. */
export function buildBroadcastForm(request: TSendBroadcastRequest, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('request.json', new Blob([JSON.stringify(request)], { type: 'application/json' }), 'request.json');
  files.forEach((file, index) => form.append(`attachment_${index}`, file, file.name));
  return form;
}

/** POST /api/broadcasts: one fax per recipient, all accepted or none (202 with the broadcast's id). */
export function sendBroadcast({ request, files, idempotencyKey }: TSendBroadcastInput): Promise<TSendBroadcastResponse> {
  return apiSendForm('/broadcasts', buildBroadcastForm(request, files), ZSendBroadcastResponse, { 'Idempotency-Key': idempotencyKey });
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendBroadcast, onSuccess: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.list() }) });
}
