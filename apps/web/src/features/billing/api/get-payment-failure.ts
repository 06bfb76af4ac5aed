import { ZPaymentFailureResponse, type TPaymentFailureResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const paymentFailureQueryKey = ['billing', 'payment-failure'] as const;

/** Asked again now and then, so that a paused account sees sending resume soon after someone pays. */
const REFRESH_MS = 60_000;

/** GET /api/billing/payment-failure: whether a payment failed, when sending pauses, whether it has; for every member. */
export function getPaymentFailure(): Promise<TPaymentFailureResponse> {
  return apiGet('/billing/payment-failure', ZPaymentFailureResponse);
}

export const paymentFailureQueryOptions = () =>
  queryOptions({ queryKey: paymentFailureQueryKey, queryFn: getPaymentFailure, refetchInterval: REFRESH_MS });

export function usePaymentFailure() {
  return useQuery(paymentFailureQueryOptions());
}
