import { z } from 'zod';
import { singleLineText } from '../text';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type TBillingInterval = (typeof BILLING_INTERVALS)[number];
/** A paid subscription's states, as Stripe names them (another provider's are mapped onto these). */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'unpaid', 'canceled', 'paused'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** POST /api/billing/checkout: the plan the owner chose on /pricing, /fax-plans or /user/billing, and how often to pay. */
export const ZCheckoutRequest = z.object({
  planId: z.string().min(1).max(100).check(singleLineText),
  interval: z.enum(BILLING_INTERVALS),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/** The provider's payment page to send the browser to. */
export const ZCheckoutResponse = z.object({ url: z.url() });
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

/** GET /api/billing: whether payment is on here (and whether in test mode), and the account's subscription. */
export const ZBillingResponse = z.object({
  /** Off: plans are assigned in the back office, and the page says how to reach sales. */
  enabled: z.boolean(),
  /** Payments go to a simulator or a provider's test mode: the page says so, and no money moves. */
  testMode: z.boolean(),
  subscription: z
    .object({
      planId: z.string(),
      interval: z.enum(BILLING_INTERVALS),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodStart: z.iso.datetime(),
      currentPeriodEnd: z.iso.datetime(),
      cancelAtPeriodEnd: z.boolean(),
      paymentFailedAt: z.iso.datetime().nullable(),
      /** A downgrade waiting for the period's end (decision 083), as the provider holds it; cancellable until then. */
      scheduledChange: z.object({ planId: z.string(), interval: z.enum(BILLING_INTERVALS), startsAt: z.iso.datetime() }).nullable(),
    })
    .nullable(),
});
export type TBillingResponse = z.infer<typeof ZBillingResponse>;
