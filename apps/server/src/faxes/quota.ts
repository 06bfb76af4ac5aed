import { and, eq, gte, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { plans } from '../plans/schema';
import { faxes } from './schema';

const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Pages used this month (UTC) against the plan's pages: faxes received, and faxes sent that were not failed or
 * canceled. `limit` is null for plans without a page limit.
 */
export async function monthlyUsage(db: Database, accountId: string, options: { excludeFaxId?: string; now?: Date } = {}) {
  const since = startOfMonthUtc(options.now ?? new Date());
  const [usage] = await db
    .select({ used: sql<number>`coalesce(sum(${faxes.pages}), 0)::int` })
    .from(faxes)
    .where(
      and(
        eq(faxes.accountId, accountId),
        gte(faxes.createdAt, since),
        isNotNull(faxes.pages),
        notInArray(faxes.status, ['failed', 'canceled']),
        options.excludeFaxId ? ne(faxes.id, options.excludeFaxId) : undefined,
      ),
    );
  const [plan] = await db
    .select({ name: plans.name, pagesPerMonth: plans.pagesPerMonth })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  return { used: usage?.used ?? 0, limit: plan?.pagesPerMonth ?? null, plan: plan ?? null };
}

/** Refuses a fax that would take the account past its plan's pages this month. */
export async function assertWithinQuota(db: Database, accountId: string, pages: number, options: { excludeFaxId?: string } = {}) {
  const { used, limit } = await monthlyUsage(db, accountId, options);
  if (limit !== null && used + pages > limit) throw new AppError('permission_denied', 'errors.quotaExceeded', { pages, used, limit });
}

export const IN_FLIGHT_STATUSES = ['queued', 'scheduled', 'converting', 'sending'] as const;
