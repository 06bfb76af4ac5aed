import type { TBillingInterval } from '@faxline/shared';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { STARTING_PLAN_SLUG } from './catalogue';
import { plans } from './schema';

/** The plan a provider's price sells, and at which interval; null when no plan names it (decision 082). */
export async function planOfPrice(db: Database, priceId: string): Promise<{ planId: string; interval: TBillingInterval } | null> {
  const [plan] = await db
    .select({ id: plans.id, yearly: plans.stripeYearlyPriceId })
    .from(plans)
    .where(or(eq(plans.stripeMonthlyPriceId, priceId), eq(plans.stripeYearlyPriceId, priceId)));
  return plan ? { planId: plan.id, interval: plan.yearly === priceId ? 'year' : 'month' } : null;
}

/** The provider's price of a plan on sale at an interval; null when it cannot be bought that way. */
export async function priceOfPlan(db: Database, planId: string, interval: TBillingInterval): Promise<string | null> {
  const [plan] = await db
    .select({ monthly: plans.stripeMonthlyPriceId, yearly: plans.stripeYearlyPriceId })
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
export async function namePlanPrices(db: Database, planId: string, prices: { monthly: string; yearly: string }): Promise<void> {
  await db.update(plans).set({ stripeMonthlyPriceId: prices.monthly, stripeYearlyPriceId: prices.yearly }).where(eq(plans.id, planId));
}
