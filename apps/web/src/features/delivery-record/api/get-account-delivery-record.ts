import { ZAccountDeliveryRecord, type TAccountDeliveryRecord } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/delivery-record: the account's own figures (a User's own faxes), for its dashboard. */
export function getAccountDeliveryRecord(): Promise<TAccountDeliveryRecord> {
  return apiGet('/delivery-record', ZAccountDeliveryRecord);
}

export const accountDeliveryRecordQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'delivery-record'], queryFn: getAccountDeliveryRecord, staleTime: 30_000 });

export function useAccountDeliveryRecord() {
  return useQuery(accountDeliveryRecordQueryOptions());
}
