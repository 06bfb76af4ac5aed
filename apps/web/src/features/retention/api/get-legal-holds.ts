import { ZLegalHolds, type TLegalHolds } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { retentionKeys } from '@/lib/retention/query-keys';

/** GET /api/retention/holds: the account's legal holds in force, oldest first. */
export function getLegalHolds(): Promise<TLegalHolds> {
  return apiGet('/retention/holds', ZLegalHolds);
}

export const legalHoldsQueryOptions = () => queryOptions({ queryKey: retentionKeys.holds(), queryFn: getLegalHolds });

export function useLegalHolds() {
  return useQuery(legalHoldsQueryOptions());
}
