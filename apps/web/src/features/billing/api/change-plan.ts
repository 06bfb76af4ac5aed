import { ZPlanChangePreview, type TPlanChangeChoice, type TPlanChangePreview, type TPlanChangeRequest } from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import { usageQueryKey } from '@/lib/account/get-usage';
import { apiSend } from '@/lib/api-client';

import { billingQueryKey } from './get-billing';

/**
 * POST /api/billing/change/preview: what moving to this plan costs now (an upgrade's prorations and total, as the
 * provider computes them) or, for a downgrade, when it takes effect. Changes nothing.
 */
export function previewPlanChange(choice: TPlanChangeChoice): Promise<TPlanChangePreview> {
  return apiSend('POST', '/billing/change/preview', choice, ZPlanChangePreview);
}

/** POST /api/billing/change: the change as previewed; refused (409, nothing charged) when the amount has moved. */
export function changePlan(request: TPlanChangeRequest): Promise<void> {
  return apiSend('POST', '/billing/change', request, z.undefined());
}

/** DELETE /api/billing/change: "Keep my current plan", the downgrade scheduled for the period's end is dropped. */
export function dropScheduledChange(): Promise<void> {
  return apiSend('DELETE', '/billing/change', undefined, z.undefined());
}

/**
 * The preview, asked once when the confirmation opens; never reused for another opening (the price moves by the second).
 * Outside the billing's key, so that the change it confirms does not ask for it again.
 */
export function usePlanChangePreview(choice: TPlanChangeChoice) {
  return useQuery({
    queryKey: ['plan-change-preview', choice.planId, choice.interval],
    queryFn: () => previewPlanChange(choice),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** After a change the account's billing, plan and page quota are read again: the server has them from the provider. */
export function useBillingChange<T>(mutationFn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all(
        [billingQueryKey, usageQueryKey, accountSummaryQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
