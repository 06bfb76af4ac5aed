import { ZFaxFhirExports, type TFaxFhirExports } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** POST /api/faxes/:id/fhir: "Send to EHR"; answers 202 with the fax's export, queued (or as it was, once sent). */
export function sendFaxToFhir(id: string): Promise<TFaxFhirExports> {
  return apiSend('POST', `/faxes/${encodeURIComponent(id)}/fhir`, undefined, ZFaxFhirExports);
}

export function useSendFaxToFhir() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFaxToFhir,
    onSuccess: (exports, id) => queryClient.setQueryData(faxKeys.fhir(id), exports),
  });
}
