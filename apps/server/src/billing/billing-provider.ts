import type { IncomingHttpHeaders } from 'node:http';
import type { TSubscriptionStatus } from '@faxline/shared';
import type { TBillingProvider } from './schema';

/**
 * The one interface every payment provider is reached through (decision 082): Stripe first, PayPal next, each a file
 * of its own. Faxline's own rules (which plan a price is, what a payment failure does) live above it, never in a
 * provider.
 */
export interface BillingProvider {
  readonly name: TBillingProvider;
  /** Whether this provider talks to a simulator or a provider's test mode: every billing page says so. */
  readonly testMode: boolean;
  /** A page of the provider's where the owner pays for a first subscription; it comes back to `returnUrl`. */
  startCheckout(order: CheckoutOrder): Promise<{ url: string }>;
  /** The webhook, checked against the provider's signature; throws `InvalidWebhook` when it is not the provider's. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderEvent;
  /** The subscription as the provider holds it now: what every event is applied from, whatever order they came in. */
  subscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Makes a plan's product and its monthly and yearly prices at the provider, answering the prices' ids. */
  createPlanPrices(plan: PlanToPrice): Promise<{ monthly: string; yearly: string }>;
}

/** A plan as a provider sells it: the yearly price is charged once a year (12 times its monthly price when billed yearly). */
export type PlanToPrice = { id: string; name: string; currency: string; monthlyPriceCents: number; yearlyMonthlyPriceCents: number };

export type CheckoutOrder = {
  accountId: string;
  email: string;
  priceId: string;
  /** The provider's customer of an account that paid before, so that its cards and invoices stay together. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
};

/** A provider's event, verified: what it is and which subscription it concerns (null: none of Faxline's business). */
export type ProviderEvent = { id: string; type: string; subscriptionId: string | null };

export type ProviderSubscription = {
  subscriptionId: string;
  customerId: string;
  /** The account that started it, as Faxline wrote it on the subscription at checkout. */
  accountId: string | null;
  priceId: string;
  status: TSubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

/** A webhook that is not the provider's (a bad or missing signature, or too old): refused with 400, nothing stored. */
export class InvalidWebhook extends Error {
  override name = 'InvalidWebhook';
}
