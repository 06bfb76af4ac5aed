import { z } from 'zod';
import { singleLineText } from '../text';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type TBillingInterval = (typeof BILLING_INTERVALS)[number];
/** A paid subscription's states, as Stripe names them (another provider's are mapped onto these). */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'unpaid', 'canceled', 'paused'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The payment providers Faxline can take a subscription through (decision 095). */
export const BILLING_PROVIDERS = ['stripe', 'paypal'] as const;
export type TBillingProvider = (typeof BILLING_PROVIDERS)[number];

/**
 * What a provider can do beyond starting and ending a subscription (decision 095): the page shows only what the
 * provider of the account's subscription offers, and the server refuses the rest.
 */
export const ZProviderOffers = z.object({
  /** A change of plan while the subscription runs. */
  planChanges: z.boolean(),
  /** An upgrade at once, prorated (shown before confirming); without it a change waits for the period's end. */
  prorates: z.boolean(),
  /** The provider's page to replace the card, and the card shown. */
  paymentPortal: z.boolean(),
  /** Invoices listed and downloadable as Faxline's PDF; without them the provider sends its own receipts. */
  invoices: z.boolean(),
  credits: z.boolean(),
  coupons: z.boolean(),
  /** Pages beyond the plan billed on the next invoice; without it sends past the plan are refused. */
  usageCharges: z.boolean(),
});
export type TProviderOffers = z.infer<typeof ZProviderOffers>;

/** POST /api/billing/checkout: the plan the owner chose on /pricing, /fax-plans or /user/billing, and how often to pay. */
export const ZCheckoutRequest = z.object({
  planId: z.string().min(1).max(100).check(singleLineText),
  interval: z.enum(BILLING_INTERVALS),
  /** How to pay: by card (Stripe, the default) or with PayPal when the back office has its keys. */
  provider: z.enum(BILLING_PROVIDERS).default('stripe'),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/** The provider's payment page to send the browser to. */
export const ZCheckoutResponse = z.object({ url: z.url() });
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

/** Where a subscription stands in its period: the customer's billing page and the back office both show it. */
export const ZSubscriptionState = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
  paymentFailedAt: z.iso.datetime().nullable(),
});

/** GET /api/billing: whether payment is on here (and whether in test mode), and the account's subscription. */
export const ZBillingResponse = z.object({
  /** Off: plans are assigned in the back office, and the page says how to reach sales. */
  enabled: z.boolean(),
  /** Payments go to a simulator or a provider's test mode: the page says so, and no money moves. */
  testMode: z.boolean(),
  /** The providers a first subscription can be taken through here, card (Stripe) first. */
  providers: z.array(z.enum(BILLING_PROVIDERS)),
  /** What the provider of the account's subscription offers; null without a subscription (or its provider not set up). */
  offers: ZProviderOffers.nullable(),
  subscription: ZSubscriptionState.extend({
    provider: z.enum(BILLING_PROVIDERS),
    planId: z.string(),
    interval: z.enum(BILLING_INTERVALS),
    /** A downgrade waiting for the period's end (decision 083), as the provider holds it; cancellable until then. */
    scheduledChange: z.object({ planId: z.string(), interval: z.enum(BILLING_INTERVALS), startsAt: z.iso.datetime() }).nullable(),
  }).nullable(),
});
export type TBillingResponse = z.infer<typeof ZBillingResponse>;
