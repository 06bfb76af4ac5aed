import { z } from 'zod';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from './admin-analytics';
import { BILLING_INTERVALS } from './billing';

/**
 * GET /api/admin/revenue?range= (issue 36 item 8, decision 092): what the paid subscriptions bring in, from Faxline's
 * copy of them and their append-only history, per currency (a plan is sold in one currency; sums never mix them).
 * Amounts are in the currency's smallest unit, at the plans' list prices (a promotion's discount is not subtracted).
 */
export const ZAdminRevenueQuery = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: 'validation.analyticsRange' }).default(DEFAULT_ANALYTICS_RANGE),
});
export type TAdminRevenueQuery = z.input<typeof ZAdminRevenueQuery>;

/** One plan's share of the monthly recurring revenue now. */
export const ZRevenuePlan = z.object({
  planId: z.string(),
  planName: z.string(),
  /** Subscriptions in force on the plan (active, or past due in their grace). */
  subscriptions: z.number().int(),
  mrrCents: z.number().int(),
});
export type TRevenuePlan = z.infer<typeof ZRevenuePlan>;

/** One calendar month (UTC) of the period: the recurring revenue that began, ended and changed in it. */
export const ZRevenueMonth = z.object({
  /** First day of the month, 00:00 UTC. */
  month: z.iso.datetime({ offset: true }),
  newMrrCents: z.number().int(),
  /** Positive: the monthly revenue of the subscriptions that ended. */
  churnedMrrCents: z.number().int(),
  /** Upgrades less downgrades and changes of interval (negative when they lowered it). */
  changedMrrCents: z.number().int(),
  /** new − churned + changed. */
  netMrrCents: z.number().int(),
});
export type TRevenueMonth = z.infer<typeof ZRevenueMonth>;

export const ZRevenueInCurrency = z.object({
  currency: z.string().length(3),
  /** Monthly recurring revenue now: every subscription in force, a yearly one as a twelfth of its price. */
  mrrCents: z.number().int(),
  /** The part of `mrrCents` whose latest payment failed (still in force during the grace, decision 085). */
  pastDueMrrCents: z.number().int(),
  subscriptions: z.number().int(),
  /** Subscriptions that began in the period, and those that ended in it. */
  newSubscriptions: z.number().int(),
  churnedSubscriptions: z.number().int(),
  byPlan: z.array(ZRevenuePlan),
  /** Every month the period touches, in order, those without changes included (with zeros). */
  byMonth: z.array(ZRevenueMonth),
});
export type TRevenueInCurrency = z.infer<typeof ZRevenueInCurrency>;

export const ZAdminRevenue = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** One entry per currency with a subscription in force or a change in the period; empty before the first sale. */
  currencies: z.array(ZRevenueInCurrency),
});
export type TAdminRevenue = z.infer<typeof ZAdminRevenue>;

/**
 * GET /api/admin/failed-payments: the accounts whose latest payment failed and is not yet paid (decision 085), newest
 * failure first.
 */
export const ZFailedPayment = z.object({
  accountId: z.string(),
  /** The account's owner: who the back office's users page finds the account by. Null for an account without one. */
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  planName: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  /** What the unpaid invoice asks for, as the provider last said; null when it did not say. */
  amountDue: z.object({ cents: z.number().int(), currency: z.string().length(3) }).nullable(),
  failedAt: z.iso.datetime({ offset: true }),
  /** When sending pauses, or paused (graceEndOf). */
  graceEndsAt: z.iso.datetime({ offset: true }),
  sendingPaused: z.boolean(),
});
export type TFailedPayment = z.infer<typeof ZFailedPayment>;

export const ZAdminFailedPayments = z.object({ failedPayments: z.array(ZFailedPayment) });
export type TAdminFailedPayments = z.infer<typeof ZAdminFailedPayments>;
