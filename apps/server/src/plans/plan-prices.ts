import type { TBillingInterval, TBillingProvider } from '@faxline/shared';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { STARTING_PLAN_SLUG } from './catalogue';
import { plans } from './schema';

/** Where each provider's prices of a plan are named: Stripe's prices, PayPal's billing plans (decision 095). */
const PRICE_COLUMNS = {
  stripe: { monthly: plans.stripeMonthlyPriceId, yearly: plans.stripeYearlyPriceId },
  paypal: { monthly: plans.paypalMonthlyPlanId, yearly: plans.paypalYearlyPlanId },
} satisfies Record<TBillingProvider, { monthly: unknown; yearly: unknown }>;

/** The plan a provider's price sells, and at which interval; null when no plan names it (decision 082). */
export async function planOfPrice(
  db: Database,
  provider: TBillingProvider,
  priceId: string,
): Promise<{ planId: string; interval: TBillingInterval } | null> {
  const columns = PRICE_COLUMNS[provider];
  const [plan] = await db
    .select({ id: plans.id, yearly: columns.yearly })
    .from(plans)
    .where(or(eq(columns.monthly, priceId), eq(columns.yearly, priceId)));
  return plan ? { planId: plan.id, interval: plan.yearly === priceId ? 'year' : 'month' } : null;
}

/** The provider's price of a plan on sale at an interval; null when it cannot be bought that way. */
export async function priceOfPlan(
  db: Database,
  provider: TBillingProvider,
  planId: string,
  interval: TBillingInterval,
): Promise<string | null> {
  const columns = PRICE_COLUMNS[provider];
  const [plan] = await db
    .select({ monthly: columns.monthly, yearly: columns.yearly })
    .from(plans)
    .where(and(eq(plans.id, planId), isNull(plans.archivedAt)));
  return (interval === 'year' ? plan?.yearly : plan?.monthly) ?? null;
}

/** The plan a new account starts on, and an account returns to when its subscription ends. */
export async function startingPlanId(db: Database): Promise<string | null> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, STARTING_PLAN_SLUG));
  return plan?.id ?? null;
}

/** The plans with prices that are on sale: what a provider needs to sell them. */
export async function pricedPlans(db: Database) {
  return db
    .select({
      id: plans.id,
      name: plans.name,
      currency: plans.currency,
      monthlyPriceCents: plans.monthlyPriceCents,
      yearlyMonthlyPriceCents: plans.yearlyMonthlyPriceCents,
    })
    .from(plans)
    .where(and(isNull(plans.archivedAt), isNotNull(plans.monthlyPriceCents), isNotNull(plans.yearlyMonthlyPriceCents)));
}

/** Names the provider's prices a plan is sold at. */
export async function namePlanPrices(
  db: Database,
  provider: TBillingProvider,
  planId: string,
  prices: { monthly: string; yearly: string },
): Promise<void> {
  const names = {
    stripe: { stripeMonthlyPriceId: prices.monthly, stripeYearlyPriceId: prices.yearly },
    paypal: { paypalMonthlyPlanId: prices.monthly, paypalYearlyPlanId: prices.yearly },
  } satisfies Record<TBillingProvider, Partial<typeof plans.$inferInsert>>;
  await db.update(plans).set(names[provider]).where(eq(plans.id, planId));
}
