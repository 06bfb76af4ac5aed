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
  /** A coupon at the provider, for a promotion of the back office (decision 088); answers the provider's id for it. */
  createCoupon(coupon: ProviderCoupon): Promise<{ couponId: string }>;
  /** Ends a coupon: no new checkout may use it; the discounts it already gave stay. */
  endCoupon(couponId: string): Promise<void>;
}

export type ProviderCoupon = {
  name: string;
  discount: { percentOff: number } | { amountOffCents: number; currency: string };
  /** The last moment a checkout may apply it. */
  redeemBy: Date;
  maxRedemptions: number | null;
  /** Faxline's promotion, written on the coupon so that the provider's dashboard names it. */
  promotionId: string;
};

export type CheckoutOrder = {
  accountId: string;
  email: string;
  priceId: string;
  /** The provider's customer of an account that paid before, so that its cards and invoices stay together. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** The provider's coupon of the promotion in force for this checkout (decision 088), applied to its first invoice. */
  couponId?: string | null;
};

/** A provider's event, verified: what it is and which subscription it concerns (null: none of Faxline's business). */
export type ProviderEvent = {
  id: string;
  type: string;
  subscriptionId: string | null;
  /** A completed checkout's coupon: the promotion counts one redemption (decision 088). */
  redeemedCouponId?: string | null;
};

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
