import { ZFhirConnectionResponse, type TFhirConnectionResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

export const fhirConnectionQueryKey = ['account', 'fhir'] as const;

/** GET /api/account/fhir: the account's FHIR server, without its token or key; null when none. 403 unless owner or sub-admin. */
export function getFhirConnection(): Promise<TFhirConnectionResponse> {
  return apiGet('/account/fhir', ZFhirConnectionResponse);
}

export function useFhirConnection() {
  return useQuery(
    queryOptions({
      queryKey: fhirConnectionQueryKey,
      queryFn: getFhirConnection,
      // A refusal of someone who may not manage it: nothing to retry.
      retry: (failures, error) => !(error instanceof ApiError && error.status === 403) && failures < 2,
    }),
  );
}
