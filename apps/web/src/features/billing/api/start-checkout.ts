import { ZCheckoutResponse, type ZCheckoutRequest, type TCheckoutResponse } from '@faxline/shared';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/** What the page sends: the way to pay may be left out (the card). */
type TCheckoutOrder = z.input<typeof ZCheckoutRequest>;

/**
 * POST /api/billing/checkout: the payment provider's page for a plan and how often to pay. 409 when payment is off on
 * this server, 404 for a plan that is not for sale; the message comes translated.
 */
export function startCheckout(request: TCheckoutOrder): Promise<TCheckoutResponse> {
  return apiSend('POST', '/billing/checkout', request, ZCheckoutResponse);
}

/** Sends the browser to the payment page, which comes back to /user/billing?checkout=done (or =cancelled). */
export async function checkOut(request: TCheckoutOrder): Promise<void> {
  const { url } = await startCheckout(request);
  window.location.assign(url);
}

// Nothing of the account changes until the provider confirms the payment: there is no query to invalidate.
export function useCheckOut() {
  return useMutation({ mutationFn: checkOut });
}
