import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { BILLING_PROVIDERS, type TBillingInterval, type TBillingProvider, type TSubscriptionStatus } from '@faxline/shared';
import { accounts } from '../accounts/schema';
import { plans } from '../plans/schema';

export { BILLING_PROVIDERS, type TBillingProvider };

/**
 * An account's paid subscription as its provider last told it (decision 082): one row per account, rewritten from the
 * provider's current state after every event, so that events applied in any order leave the same row. The account's
 * plan (`accounts.plan_id`) follows it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<TBillingProvider>().notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull().unique(),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: text('interval').$type<TBillingInterval>().notNull(),
    status: text('status').$type<TSubscriptionStatus>().notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Cancelled by the customer: it ends at the period's end unless they undo it. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When a payment first failed in the current run of failures; cleared by a payment (the grace period counts from it). */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** What the unpaid invoice asks for while a payment has failed, as the provider said (the back office's list shows it). */
    amountDueCents: integer('amount_due_cents'),
    amountDueCurrency: text('amount_due_currency'),
    /** A downgrade the provider will apply at `scheduledChangeAt` (decision 083); null when none is scheduled. */
    scheduledPlanId: text('scheduled_plan_id').references(() => plans.id),
    scheduledInterval: text('scheduled_interval').$type<TBillingInterval>(),
    scheduledChangeAt: timestamp('scheduled_change_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_customer_idx').on(table.provider, table.customerId)],
);

export const REVENUE_CHANGE_KINDS = ['started', 'changed', 'ended', 'opening'] as const;
export type TRevenueChangeKind = (typeof REVENUE_CHANGE_KINDS)[number];

/**
 * The history of what each account pays each month (decision 092): a line whenever its subscription starts, moves to
 * another plan or interval, or ends, written in the transaction that applies the change to `subscriptions`, so that
 * the revenue by month is what really happened. Append-only (a trigger refuses changes). It keeps the account's id
 * without a link, so that the subscription of an account deleted since still counts where it began and ended.
 * `opening` lines are the subscriptions already in force when the history began: counted in neither new nor churned.
 */
export const subscriptionRevenueChanges = pgTable(
  'subscription_revenue_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    provider: text('provider').$type<TBillingProvider>().notNull(),
    subscriptionId: text('subscription_id').notNull(),
    kind: text('kind').$type<TRevenueChangeKind>().notNull(),
    /** The plan and interval in force after the change; for an ending, those that ended. No link: a plan sold once may be deleted. */
    planId: text('plan_id').notNull(),
    interval: text('interval').$type<TBillingInterval>().notNull(),
    currency: text('currency').notNull(),
    /** Monthly recurring revenue before and after, at the plan's list price then (a yearly price as its twelfth). */
    mrrBeforeCents: integer('mrr_before_cents').notNull(),
    mrrAfterCents: integer('mrr_after_cents').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('subscription_revenue_changes_account_idx').on(table.accountId, table.id),
    index('subscription_revenue_changes_at_idx').on(table.at),
  ],
);

/**
 * Every provider event applied, kept by its id in the transaction that applied it: a repeat finds it and changes
 * nothing. An event whose applying failed is not kept, so that the provider's next try applies it.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<TBillingProvider>().notNull(),
  type: text('type').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The account's billing name, address and tax id (one row per account), kept by Faxline and given to the provider's
 * customer: what a new customer is made with at checkout, and what each invoice is addressed to. `customerId` is the
 * provider's customer made from it before the account's first subscription, so that a second checkout reuses it.
 */
export const billingProfiles = pgTable('billing_profiles', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull().default(''),
  region: text('region').notNull().default(''),
  country: text('country').notNull(),
  taxId: text('tax_id').notNull().default(''),
  provider: text('provider').$type<TBillingProvider>(),
  customerId: text('customer_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The quota e-mails sent (decision 093): one row per account, period and threshold (80 or 100 percent of the plan's
 * pages), written in the transaction that queues the e-mail, so that each is sent once per period.
 */
export const quotaNotices = pgTable(
  'quota_notices',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    percent: integer('percent').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.periodStart, table.percent] })],
);
