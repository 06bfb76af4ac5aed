import { ZFaxFhirExports, type TFaxFhirExports } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** While an export waits for its next try, its result is looked for this often. */
const PENDING_POLL_MS = 3_000;

/** GET /api/faxes/:id/fhir: the fax's export to the account's EHR, and whether it may be sent (decision 105). */
export function getFaxFhirExports(id: string): Promise<TFaxFhirExports> {
  return apiGet(`/faxes/${encodeURIComponent(id)}/fhir`, ZFaxFhirExports);
}

export const faxFhirExportsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: faxKeys.fhir(id),
    queryFn: () => getFaxFhirExports(id),
    refetchInterval: (query) => (query.state.data?.exports.some((item) => item.status === 'pending') ? PENDING_POLL_MS : false),
  });

export function useFaxFhirExports(id: string) {
  return useQuery(faxFhirExportsQueryOptions(id));
}
