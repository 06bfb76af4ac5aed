import { and, eq, inArray, min } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { heldNumberCounts, heldNumbersOf } from '../numbers/account-numbers';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import type { Queue } from '../platform/queue/queue';
import { plans } from '../plans/schema';
import { PLAN_IN_FORCE } from './apply-subscription';
import { providersOffering } from './billing-providers';
import { billNumberChargeAddress } from './bill-number-charge-job';
import { numberCharges } from './number-charges-schema';
import { subscriptions } from './schema';

/**
 * What an account's numbers cost beyond its plan (decision 112): the numbers the plan includes, and the monthly price
 * of one more, which is offered only while a next invoice will come to bill it on (an `active` or `past_due`
 * subscription at a provider that takes charges on it, as pages beyond the plan, decision 093). Null: no more numbers.
 */
export async function extraNumberTermsOf(
  db: Database,
  accountId: string,
): Promise<{ plan: string; included: number; extraCentsPerMonth: number | null; currency: string }> {
  const [row] = await db
    .select({
      plan: plans.name,
      included: plans.faxNumbersIncluded,
      cents: plans.extraNumberCentsPerMonth,
      currency: plans.currency,
      subscription: subscriptions.subscriptionId,
    })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.accountId, accounts.id),
        inArray(subscriptions.status, [...PLAN_IN_FORCE]),
        inArray(subscriptions.provider, providersOffering('usageCharges')),
      ),
    )
    .where(eq(accounts.id, accountId));
  return {
    plan: row?.plan ?? '',
    included: row?.included ?? 0,
    extraCentsPerMonth: row?.subscription ? (row.cents ?? null) : null,
    currency: row?.currency ?? 'USD',
  };
}

/** `start` plus `months` calendar months, on the same day, or the month's last day when it has no such day (31 Jan -> 28 Feb). */
export function addMonths(start: Date, months: number): Date {
  const next = new Date(start);
  const day = start.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The month of a number held since `since` that contains `now`: from `since`'s day of one month to the same day of the next. */
export function monthContaining(since: Date, now: Date): { start: Date; end: Date } {
  let months = (now.getUTCFullYear() - since.getUTCFullYear()) * 12 + (now.getUTCMonth() - since.getUTCMonth());
  if (addMonths(since, months) > now) months -= 1;
  months = Math.max(0, months);
  return { start: addMonths(since, months), end: addMonths(since, months + 1) };
}

/**
 * Writes the current month of each number the account holds beyond its plan, at the plan's price, and queues the job
 * that puts it on the next invoice: once per number and month (a unique row), however often it runs. Called when a
 * number is added (with its transaction) and every day by the sweep, so that each month after the first is billed as
 * it begins. The plan covers the numbers held longest; nothing is charged without a next invoice to put it on.
 */
export async function chargeExtraNumbers(
  db: Database,
  deps: { queue: Pick<Queue, 'send'>; transaction?: SqlExecutor },
  accountId: string,
  now: Date,
): Promise<number> {
  const terms = await extraNumberTermsOf(db, accountId);
  if (terms.extraCentsPerMonth === null) return 0;
  const extras = (await heldNumbersOf(db, accountId)).slice(terms.included);
  let charged = 0;
  for (const number of extras) {
    const month = monthContaining(number.assignedAt ?? now, now);
    const [row] = await db
      .insert(numberCharges)
      .values({
        accountId,
        phoneNumber: number.phoneNumber,
        periodStart: month.start,
        periodEnd: month.end,
        cents: terms.extraCentsPerMonth,
        currency: terms.currency,
      })
      .onConflictDoNothing()
      .returning({ id: numberCharges.id });
    if (!row) continue;
    await deps.queue.send(
      billNumberChargeAddress,
      { chargeId: row.id },
      { dedupeKey: `number-charge:${row.id}`, ...(deps.transaction ? { transaction: deps.transaction } : {}) },
    );
    charged += 1;
  }
  return charged;
}

/** Every account that may hold a number beyond its plan: those holding more than the smallest allowance of any plan. */
export async function chargeAllExtraNumbers(db: Database, queue: Pick<Queue, 'send'>, now: Date): Promise<number> {
  const [smallest] = await db.select({ included: min(plans.faxNumbersIncluded) }).from(plans);
  let charged = 0;
  for (const { accountId } of await heldNumberCounts(db, (smallest?.included ?? 0) + 1)) {
    charged += await chargeExtraNumbers(db, { queue }, accountId, now);
  }
  return charged;
}
