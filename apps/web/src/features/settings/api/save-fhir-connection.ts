import { ZFhirConnectionResponse, type TFhirConnectionChange, type TFhirConnectionResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { fhirConnectionQueryKey } from './get-fhir-connection';

/** PUT /api/account/fhir: connects the FHIR server or changes it; answers with what was stored. */
export function saveFhirConnection(change: TFhirConnectionChange): Promise<TFhirConnectionResponse> {
  return apiSend('PUT', '/account/fhir', change, ZFhirConnectionResponse);
}

export function useSaveFhirConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFhirConnection,
    onSuccess: (saved) => queryClient.setQueryData(fhirConnectionQueryKey, saved),
  });
}
