import type { TAdminRevenue, TAnalyticsRange, TRevenueInCurrency, TRevenuePlan } from '@faxline/shared';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { PLAN_IN_FORCE } from '../billing/apply-subscription';
import { monthlyRecurringCents, revenueByMonth, type RevenueChangeGroup } from '../billing/mrr';
import { subscriptionRevenueChanges, subscriptions } from '../billing/schema';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { readFirstActivity } from './analytics';
import { analyticsPeriod, type AnalyticsPeriod } from './analytics-period';

/**
 * GET /api/admin/revenue (decision 092): the monthly recurring revenue now from the subscriptions in force, and what
 * began, ended and changed over the analytics page's period from the revenue history, per currency.
 */
export async function readRevenue(db: Database, range: TAnalyticsRange, now = clock.now()): Promise<TAdminRevenue> {
  const firstActivity = range === 'alltime' ? await readFirstActivity(db) : null;
  const period = analyticsPeriod(range, now, firstActivity);
  const [inForce, changes] = await Promise.all([readPlansInForce(db), readChanges(db, period)]);

  const currencies = [...new Set([...inForce.map((row) => row.currency), ...changes.map((row) => row.currency)])].sort();
  const lastMonth = new Date(period.end.getTime() - 1);
  return {
    range,
    from: period.start.toISOString(),
    to: period.end.toISOString(),
    currencies: currencies.map((currency): TRevenueInCurrency => {
      const plansOf = inForce.filter((row) => row.currency === currency);
      const changesOf = changes.filter((row) => row.currency === currency);
      const byPlan = new Map<string, TRevenuePlan>();
      let pastDueMrrCents = 0;
      for (const row of plansOf) {
        const mrrCents = monthlyRecurringCents(row, row.interval) * row.subscriptions;
        const plan = byPlan.get(row.planId) ?? { planId: row.planId, planName: row.planName, subscriptions: 0, mrrCents: 0 };
        byPlan.set(row.planId, { ...plan, subscriptions: plan.subscriptions + row.subscriptions, mrrCents: plan.mrrCents + mrrCents });
        if (row.pastDue) pastDueMrrCents += mrrCents;
      }
      const plansByRevenue = [...byPlan.values()].sort((a, b) => b.mrrCents - a.mrrCents || a.planName.localeCompare(b.planName));
      const countInPeriod = (kind: 'started' | 'ended') =>
        changesOf.filter((row) => row.kind === kind && row.inPeriod).reduce((total, row) => total + row.count, 0);
      return {
        currency,
        mrrCents: plansByRevenue.reduce((total, plan) => total + plan.mrrCents, 0),
        pastDueMrrCents,
        subscriptions: plansByRevenue.reduce((total, plan) => total + plan.subscriptions, 0),
        newSubscriptions: countInPeriod('started'),
        churnedSubscriptions: countInPeriod('ended'),
        byPlan: plansByRevenue,
        byMonth: revenueByMonth(changesOf, period.start, lastMonth),
      };
    }),
  };
}

/** The subscriptions in force now (a past-due one during its grace too), counted per plan, interval and standing. */
async function readPlansInForce(db: Database) {
  const pastDue = sql<boolean>`${subscriptions.status} = 'past_due'`;
  return db
    .select({
      planId: plans.id,
      planName: plans.name,
      currency: plans.currency,
      monthlyPriceCents: plans.monthlyPriceCents,
      yearlyMonthlyPriceCents: plans.yearlyMonthlyPriceCents,
      interval: subscriptions.interval,
      pastDue,
      subscriptions: count(),
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(inArray(subscriptions.status, [...PLAN_IN_FORCE]))
    .groupBy(plans.id, subscriptions.interval, pastDue);
}

/**
 * The history's changes of every month the period touches (from the first day of its first month), summed per
 * currency, month and kind; `inPeriod` tells those within the period itself from the rest of its first month.
 */
async function readChanges(
  db: Database,
  period: AnalyticsPeriod,
): Promise<(RevenueChangeGroup & { currency: string; inPeriod: boolean })[]> {
  const firstMonth = new Date(Date.UTC(period.start.getUTCFullYear(), period.start.getUTCMonth(), 1));
  const month = sql<string>`to_char(date_trunc('month', ${subscriptionRevenueChanges.at} at time zone 'UTC'), 'YYYY-MM-DD"T"00:00:00"Z"')`;
  const inPeriod = sql<boolean>`${subscriptionRevenueChanges.at} >= ${period.start.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      currency: subscriptionRevenueChanges.currency,
      month,
      kind: subscriptionRevenueChanges.kind,
      inPeriod,
      count: count(),
      mrrBeforeCents: sql<number>`sum(${subscriptionRevenueChanges.mrrBeforeCents})::int`,
      mrrAfterCents: sql<number>`sum(${subscriptionRevenueChanges.mrrAfterCents})::int`,
    })
    .from(subscriptionRevenueChanges)
    .where(and(gte(subscriptionRevenueChanges.at, firstMonth), lt(subscriptionRevenueChanges.at, period.end)))
    // By position: the period's start is a parameter, and Postgres cannot match two parameters as one expression.
    .groupBy(sql`1, 2, 3, 4`);
  return rows.map((row) => ({ ...row, month: new Date(row.month) }));
}
