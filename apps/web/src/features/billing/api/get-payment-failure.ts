import { ZPaymentFailureResponse, type TPaymentFailureResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const paymentFailureQueryKey = ['billing', 'payment-failure'] as const;

/** Asked again now and then, so that a paused account sees sending resume soon after someone pays. */
const REFRESH_MS = 60_000;

/** GET /api/sending-pause: whether a payment failed, when sending pauses, whether it has; for every member. */
export function getPaymentFailure(): Promise<TPaymentFailureResponse> {
  return apiGet('/sending-pause', ZPaymentFailureResponse);
}

export const paymentFailureQueryOptions = () =>
  queryOptions({ queryKey: paymentFailureQueryKey, queryFn: getPaymentFailure, refetchInterval: REFRESH_MS });

export function usePaymentFailure() {
  return useQuery(paymentFailureQueryOptions());
}
