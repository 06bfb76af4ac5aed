import { desc, eq } from 'drizzle-orm';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { monthlyRecurringCents, revenueChangeKind, type RevenueState } from './mrr';
import { subscriptionRevenueChanges, type TBillingProvider } from './schema';

/**
 * Writes to the revenue history (decision 092) what applying a subscription changed in what the account pays each
 * month, if anything. Called in the transaction that applies it, after `subscriptions` is locked for the account, so
 * that two changes of one account are written in the order they happened.
 */
export async function recordRevenueChange(
  db: Database,
  change: { accountId: string; provider: TBillingProvider; subscriptionId: string; after: RevenueState },
): Promise<void> {
  const [last] = await db
    .select()
    .from(subscriptionRevenueChanges)
    .where(eq(subscriptionRevenueChanges.accountId, change.accountId))
    .orderBy(desc(subscriptionRevenueChanges.id))
    .limit(1);
  const before: RevenueState = last && last.kind !== 'ended' ? { planId: last.planId, interval: last.interval } : null;
  const kind = revenueChangeKind(before, change.after);
  if (!kind) return;
  // An ending's line names what ended: there is no plan after it.
  const state = (change.after ?? before)!;
  const [plan] = await db
    .select({
      currency: plans.currency,
      monthlyPriceCents: plans.monthlyPriceCents,
      yearlyMonthlyPriceCents: plans.yearlyMonthlyPriceCents,
    })
    .from(plans)
    .where(eq(plans.id, state.planId));
  if (!plan) throw new Error(`plan ${state.planId} of subscription ${change.subscriptionId} does not exist`);
  await db.insert(subscriptionRevenueChanges).values({
    accountId: change.accountId,
    provider: change.provider,
    subscriptionId: change.subscriptionId,
    kind,
    planId: state.planId,
    interval: state.interval,
    currency: plan.currency,
    mrrBeforeCents: last?.mrrAfterCents ?? 0,
    mrrAfterCents: change.after ? monthlyRecurringCents(plan, change.after.interval) : 0,
    at: clock.now(),
  });
}
