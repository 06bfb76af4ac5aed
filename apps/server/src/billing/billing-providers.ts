import type { TConfig } from '../platform/config';
import type { BillingProvider } from './billing-provider';
import { stripeProvider } from './stripe-provider';

/**
 * The payment providers configured on this server (decision 082): Stripe when its secret key and webhook secret are
 * given, pointed at STRIPE_API_URL. None: billing is off and plans are assigned in the back office.
 */
export type BillingProviders = { stripe: BillingProvider | null };

export function billingProvidersOf(config: Pick<TConfig, 'stripe'>): BillingProviders {
  const { secretKey, webhookSecret, apiUrl } = config.stripe;
  return { stripe: secretKey && webhookSecret ? stripeProvider({ secretKey, webhookSecret, apiUrl }) : null };
}
