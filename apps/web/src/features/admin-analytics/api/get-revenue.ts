import { ZAdminFailedPayments, ZAdminRevenue, type TAdminFailedPayments, type TAdminRevenue, type TAnalyticsRange } from '@faxline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/admin/revenue: the recurring revenue now and over one range (decision 092). */
export function getRevenue(range: TAnalyticsRange): Promise<TAdminRevenue> {
  return apiGet(`/admin/revenue?range=${range}`, ZAdminRevenue);
}

export const revenueQueryKey = (range: TAnalyticsRange) => ['admin', 'revenue', range] as const;
export const failedPaymentsQueryKey = ['admin', 'failed-payments'] as const;

export function useRevenue(range: TAnalyticsRange) {
  return useQuery({
    queryKey: revenueQueryKey(range),
    queryFn: () => getRevenue(range),
    // As the fax figures: the previous range stays on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/failed-payments: the accounts whose latest payment failed, newest first. */
export function getFailedPayments(): Promise<TAdminFailedPayments> {
  return apiGet('/admin/failed-payments', ZAdminFailedPayments);
}

export function useFailedPayments() {
  return useQuery({ queryKey: failedPaymentsQueryKey, queryFn: getFailedPayments });
}
