import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiSend } from '@/lib/api-client';

import { fhirConnectionQueryKey } from './get-fhir-connection';

/** DELETE /api/account/fhir: disconnects the FHIR server (204); what was sent stays on it. */
export function removeFhirConnection(): Promise<undefined> {
  return apiSend('DELETE', '/account/fhir', undefined, z.undefined());
}

export function useRemoveFhirConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFhirConnection,
    onSuccess: () => queryClient.setQueryData(fhirConnectionQueryKey, { connection: null }),
  });
}
