import { ZBillingResponse, type TBillingResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

export const billingQueryKey = ['billing'] as const;

/** How often the page asks again while a payment just made waits for the provider's confirmation. */
export const CONFIRMATION_POLL_MS = 2_000;

/**
 * GET /api/billing: whether online payment is on here (and in test mode), and the account's subscription. 403 unless
 * owner or Billing contact.
 */
export function getBilling(): Promise<TBillingResponse> {
  return apiGet('/billing', ZBillingResponse);
}

/** The server's refusal of someone who may not manage billing: nothing to retry. */
const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

type TBillingQuery = {
  /** Back from the payment page: ask again every CONFIRMATION_POLL_MS until a subscription shows. */
  awaitSubscription?: boolean;
};

export const billingQueryOptions = ({ awaitSubscription = false }: TBillingQuery = {}) =>
  queryOptions({
    queryKey: billingQueryKey,
    queryFn: getBilling,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
    refetchInterval: (query) => (awaitSubscription && !query.state.data?.subscription ? CONFIRMATION_POLL_MS : false),
  });

export function useBilling(query: TBillingQuery = {}) {
  return useQuery(billingQueryOptions(query));
}
