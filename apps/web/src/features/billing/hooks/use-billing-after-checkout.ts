import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import { usageQueryKey } from '@/lib/account/get-usage';

import { useBilling } from '../api/get-billing';
import { checkoutReturnOf } from '../utils/subscription-state';

/** How long the page waits for the provider's confirmation of a payment before saying it is late. */
export const CONFIRMATION_WAIT_MS = 30_000;

/** True while `on`, for `ms` after it turned on. */
function useForAWhile(on: boolean, ms: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setOver(true), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on && !over;
}

/**
 * The account's billing, and how the person came back from the payment page. Back from a payment, the plan changes
 * only once the provider's webhook has reached the server: the billing is asked again until the subscription shows,
 * for CONFIRMATION_WAIT_MS at most, and then the plan and the pages, which change with it.
 */
export function useBillingAfterCheckout() {
  const returned = checkoutReturnOf(new URLSearchParams(useLocation().search).get('checkout'));
  const waiting = useForAWhile(returned === 'done', CONFIRMATION_WAIT_MS);
  const billing = useBilling({ awaitSubscription: waiting });
  const confirmed = returned === 'done' && Boolean(billing.data?.subscription);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!confirmed) return;
    void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    void queryClient.invalidateQueries({ queryKey: accountSummaryQueryKey });
  }, [confirmed, queryClient]);
  return { billing, returned, waiting };
}
