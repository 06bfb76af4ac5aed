import { and, eq, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { plans } from '../plans/schema';
import { faxUsage } from './schema';

/** The first day of the month (UTC), as the usage table keys it. */
const monthOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);

/**
 * Pages used this month (UTC) against the plan's pages: faxes received, and faxes sent that were not failed or
 * canceled, read from the usage the database keeps with every fax change (one row, no scan). `limit` is null for
 * plans without a page limit.
 */
export async function monthlyUsage(db: Database, accountId: string, options: { now?: Date } = {}) {
  const [row] = await db
    .select({
      used: sql<number>`coalesce(${faxUsage.pages}, 0)::int`,
      name: plans.name,
      pagesPerMonth: plans.pagesPerMonth,
    })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(faxUsage, and(eq(faxUsage.accountId, accounts.id), eq(faxUsage.month, monthOf(options.now ?? clock.now()))))
    .where(eq(accounts.id, accountId));
  const plan = row?.name != null ? { name: row.name, pagesPerMonth: row.pagesPerMonth } : null;
  return { used: row?.used ?? 0, limit: plan?.pagesPerMonth ?? null, plan };
}

/** Refuses a fax that would take the account past its plan's pages this month. */
export async function assertWithinQuota(db: Database, accountId: string, pages: number) {
  const { used, limit } = await monthlyUsage(db, accountId);
  if (limit !== null && used + pages > limit) throw new AppError('permission_denied', 'errors.quotaExceeded', { pages, used, limit });
}

/**
 * Inside the transaction that has just given a fax its pages: refuses when the month is now over the plan. The usage
 * row was updated (and so locked) by that change, so two faxes finishing at once cannot both slip under the limit.
 */
export async function assertUsageWithinPlan(tx: Database, accountId: string, pages: number) {
  const { used, limit } = await monthlyUsage(tx, accountId);
  if (limit !== null && used > limit) throw new AppError('permission_denied', 'errors.quotaExceeded', { pages, used: used - pages, limit });
}
