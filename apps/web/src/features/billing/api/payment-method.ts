import { ZBillingPortalResponse, ZPaymentMethodResponse, type TPaymentMethodResponse } from '@faxline/shared';
import { useMutation, useQuery } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

/** GET /api/billing/payment-method: the card the provider charges, as it says. */
export function getPaymentMethod(): Promise<TPaymentMethodResponse> {
  return apiGet('/billing/payment-method', ZPaymentMethodResponse);
}

export function usePaymentMethod() {
  return useQuery({ queryKey: ['billing', 'payment-method'], queryFn: getPaymentMethod, retry: false });
}

/** POST /api/billing/portal, then the browser goes to the provider's page, which comes back to /user/billing. */
export async function openPaymentPortal(): Promise<void> {
  const { url } = await apiSend('POST', '/billing/portal', undefined, ZBillingPortalResponse);
  window.location.assign(url);
}

export function useOpenPaymentPortal() {
  return useMutation({ mutationFn: openPaymentPortal });
}
