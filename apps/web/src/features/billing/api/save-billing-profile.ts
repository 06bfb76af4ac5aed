import { ZBillingProfileResponse, type TBillingProfile, type TBillingProfileResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { billingProfileQueryKey } from './get-billing-profile';

/**
 * PUT /api/billing/profile: saves the details and gives them to the payment provider's customer. A tax id in the wrong
 * format for the country is a 400 on `taxId`; the message comes translated.
 */
export function saveBillingProfile(profile: TBillingProfile): Promise<TBillingProfileResponse> {
  return apiSend('PUT', '/billing/profile', profile, ZBillingProfileResponse);
}

// The answer is the profile as stored: it becomes the query's data, nothing else changes (invoices keep their details).
export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingProfile,
    onSuccess: (saved) => queryClient.setQueryData(billingProfileQueryKey, saved),
  });
}
