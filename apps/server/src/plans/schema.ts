import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TPlan } from '@faxline/shared';

/** The plan catalogue (DESIGN.md "Plans"). A plan in use is archived, never deleted. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').$type<TPlan['category']>().notNull(),
  currency: text('currency').notNull().default('USD'),
  monthlyPriceCents: integer('monthly_price_cents'),
  yearlyMonthlyPriceCents: integer('yearly_monthly_price_cents'),
  pagesPerMonth: integer('pages_per_month'),
  /** Requests per minute each API key of an account on this plan may make (spec 000 §9: 100 by default). */
  apiRequestsPerMinute: integer('api_requests_per_minute').notNull().default(100),
  /** What the plan includes, enforced on the server (plans/plan-features.ts, decision 087). */
  apiAccess: boolean('api_access').notNull().default(false),
  webhooks: boolean('webhooks').notNull().default(false),
  faxToEmail: boolean('fax_to_email').notNull().default(true),
  /** People on the account, its owner included; null: as many as it likes. */
  maxUsers: integer('max_users').default(1),
  faxNumbersIncluded: integer('fax_numbers_included').notNull().default(1),
  /**
   * A page beyond `pages_per_month` in the currency's cents (decision 093): the send is accepted and the page billed on
   * the next invoice. Null: a send past the plan's pages is refused.
   */
  overageCentsPerPage: integer('overage_cents_per_page'),
  /**
   * A fax number beyond `fax_numbers_included`, each month, in the currency's cents (decision 112): billed on the next
   * invoice. Null: the plan sells no number beyond those it includes.
   */
  extraNumberCentsPerMonth: integer('extra_number_cents_per_month'),
  /** The provider's prices a subscription to this plan is sold at (decision 082); none: not for sale through a provider. */
  stripeMonthlyPriceId: text('stripe_monthly_price_id'),
  stripeYearlyPriceId: text('stripe_yearly_price_id'),
  /** PayPal's billing plans (`P-…`) a subscription to this plan is sold at through PayPal (decision 095); null: not sold there. */
  paypalMonthlyPlanId: text('paypal_monthly_plan_id'),
  paypalYearlyPlanId: text('paypal_yearly_plan_id'),
  isPopular: boolean('is_popular').notNull().default(false),
  isHipaa: boolean('is_hipaa').notNull().default(false),
  /** Description and features per language. */
  text: jsonb('text').$type<TPlan['text']>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
