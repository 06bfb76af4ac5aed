import { ZSendFaxResponse, type TSendFaxRequest, type TSendFaxResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSendForm } from '@/lib/api-client';

import { buildSendForm } from '../utils/send-form-data';

import { faxKeys } from './query-keys';

export type TSendFaxInput = { request: TSendFaxRequest; files: readonly File[]; idempotencyKey: string };

/** POST /api/faxes (multipart). The same Idempotency-Key twice creates one fax. Answers 202 with the fax id. */
export function sendFax({ request, files, idempotencyKey }: TSendFaxInput): Promise<TSendFaxResponse> {
  return apiSendForm('/faxes', buildSendForm(request, files), ZSendFaxResponse, { 'Idempotency-Key': idempotencyKey });
}

export function useSendFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFax,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faxKeys.lists() }),
  });
}
