import { ZBillingProfileResponse, type TBillingProfileResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const billingProfileQueryKey = ['billing', 'profile'] as const;

/** GET /api/billing/profile: the account's billing name, address and tax id, null before the first save. */
export function getBillingProfile(): Promise<TBillingProfileResponse> {
  return apiGet('/billing/profile', ZBillingProfileResponse);
}

export const billingProfileQueryOptions = () => queryOptions({ queryKey: billingProfileQueryKey, queryFn: getBillingProfile });

export function useBillingProfile() {
  return useQuery(billingProfileQueryOptions());
}
