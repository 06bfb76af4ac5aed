import { IN_FLIGHT_FAX_STATUSES } from '@faxline/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { overageRateOf, type ChargeTerms } from '../billing/overage';
import { priceSend } from '../billing/quote';
import { ledgerPagesSql, usagePeriodAt } from '../billing/usage-ledger';
import { subscriptions } from '../billing/schema';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { plans } from '../plans/schema';
import { faxes } from './schema';

/**
 * Pages used this period against the plan's pages (decision 086): the usage ledger's pages of the period (delivered
 * and received faxes, once each), and the pages reserved by the faxes accepted and not yet ended, so that a burst of
 * queued faxes cannot slip past the plan. A reservation is not a charge: a fax that fails gives its pages back.
 * The period is the subscription's current one, or the UTC calendar month. `limit` is null for plans without a limit.
 */
export async function monthlyUsage(db: Database, accountId: string, options: { now?: Date } = {}) {
  return usageWithin(db, accountId, await planPeriodOf(db, accountId, options.now ?? clock.now()));
}

/** The account's plan and its period now: what the quota counts against, and over which days. */
export type PlanPeriod = Awaited<ReturnType<typeof planPeriodOf>>;

async function planPeriodOf(db: Database, accountId: string, now: Date) {
  const [account] = await db
    .select(planPeriodColumns)
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return planPeriodFrom(account, now);
}

/** The columns planPeriodFrom reads, of `accounts` joined to its plan and its subscription (if any). */
export const planPeriodColumns = {
  name: plans.name,
  pagesPerMonth: plans.pagesPerMonth,
  start: subscriptions.currentPeriodStart,
  end: subscriptions.currentPeriodEnd,
};

/** The plan and the period at `now` of an account with this plan and subscription (either may be missing). */
export function planPeriodFrom(
  account: { name: string | null; pagesPerMonth: number | null; start: Date | null; end: Date | null } | undefined,
  now: Date,
) {
  const plan = account?.name != null ? { name: account.name, pagesPerMonth: account.pagesPerMonth } : null;
  return { plan, limit: plan?.pagesPerMonth ?? null, period: usagePeriodAt(account, now) };
}

/** Both sums of the period at once: the ledger's pages, and those reserved by the faxes on their way. */
async function usageWithin(db: Database, accountId: string, { plan, limit, period }: PlanPeriod) {
  const { rows } = await db.execute<{ charged: number; reserved: number }>(
    sql`SELECT ${ledgerPagesSql(accountId, period)} AS charged, ${reservedPagesSql(accountId)} AS reserved`,
  );
  const charged = rows[0]?.charged ?? 0;
  const reserved = rows[0]?.reserved ?? 0;
  return { used: charged + reserved, charged, reserved, limit, plan, period };
}

/** The pages of an account's sent faxes still on their way: counted once converted, else as known at acceptance. */
function reservedPagesSql(accountId: string): SQL<number> {
  const onTheirWay = and(eq(faxes.accountId, accountId), inArray(faxes.status, [...IN_FLIGHT_FAX_STATUSES]));
  return sql<number>`(SELECT coalesce(sum(coalesce(${faxes.pages}, ${faxes.reservedPages})), 0)::int FROM ${faxes} WHERE ${onTheirWay})`;
}

/**
 * A send checked against this period's pages and priced (decision 096), with one reading of the usage: refuses a send
 * that would take the account past its plan's pages, unless its plan bills the pages beyond (decision 093); otherwise
 * prices it against the pages the quota counts (the ledger's and those of the faxes on their way), so that a fax quoted
 * within the plan is not counted twice with another still on its way. `account`: its plan, period and charge terms, as
 * the send read them (faxes/sending-account.ts).
 */
export async function quoteWithinQuota(
  db: Database,
  account: { id: string; planPeriod: PlanPeriod; chargeTerms: ChargeTerms },
  send: { recipients: string[]; pages: number; pagesKnown: boolean },
) {
  const { used, limit } = await usageWithin(db, account.id, account.planPeriod);
  const pages = send.pages * send.recipients.length;
  if (limit !== null && used + pages > limit && account.chargeTerms.overageCents === null)
    throw new AppError('permission_denied', 'errors.quotaExceeded', { pages, used, limit });
  return priceSend(db, account.chargeTerms, { ...send, used, limit });
}

/**
 * Inside the transaction that has just given a fax its pages (so they are reserved): refuses when the period is now
 * over the plan. The account's quota lock makes two faxes finishing their conversion at once take turns, so that
 * they cannot both slip under the limit. `planPeriod`: the plan and period a reading of this same request found a
 * moment before (a send's quote), so that only the sums are read again under the lock.
 */
export async function assertUsageWithinPlan(tx: Database, accountId: string, pages: number, planPeriod?: PlanPeriod) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`quota:${accountId}`}, 0))`);
  const { used, limit } = await usageWithin(tx, accountId, planPeriod ?? (await planPeriodOf(tx, accountId, clock.now())));
  if (limit !== null && used > limit && !(await overageRateOf(tx, accountId)))
    throw new AppError('permission_denied', 'errors.quotaExceeded', { pages, used: used - pages, limit });
}
