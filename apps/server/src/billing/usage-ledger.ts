import { and, asc, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { Database } from '../platform/db/client';
import { usageHourlyPages, usageLedger } from './ledger-schema';
import { subscriptions } from './schema';
import type { UsageCsvLine } from './usage-csv';

/** One charge as the ledger records it: a CSV line's fields, for an account, at an instant. */
export type UsageCharge = Omit<UsageCsvLine, 'at'> & { accountId: string; at: Date };

/**
 * Writes a fax's charge into the ledger, in the caller's transaction (the one that records the delivery or the
 * reception). A second report of the same end finds the line there and writes nothing: answers the new line's id, or
 * null when it wrote none.
 */
export async function recordUsage(tx: Database, charge: UsageCharge): Promise<number | null> {
  if (charge.pages <= 0) return null;
  const [written] = await tx
    .insert(usageLedger)
    .values(charge)
    .onConflictDoNothing({ target: [usageLedger.faxId, usageLedger.kind] })
    .returning({ id: usageLedger.id });
  return written?.id ?? null;
}

/**
 * Pages the ledger holds for an account in [from, to): the pages of its faxes, once each. An `international` line
 * prices pages its fax's `included` or `overage` line already counts (decision 096), so it adds none.
 */
export async function ledgerPages(db: Database, accountId: string, period: { start: Date; end: Date }): Promise<number> {
  const { rows } = await db.execute<{ pages: number }>(sql`SELECT ${ledgerPagesSql(accountId, period)} AS pages`);
  return rows[0]?.pages ?? 0;
}

/**
 * The same as one value of a statement, so that a reading of the quota takes its figures in one round trip: the
 * period's whole UTC hours from their running sums (`usage_hourly_pages`, decision 150), and the lines of its partial
 * first and last hours from the ledger itself. Read at every send: its cost is a period's hours (some 720), not its
 * lines.
 */
export function ledgerPagesSql(accountId: string, period: { start: Date; end: Date }): SQL<number> {
  const { start, end } = period;
  // [start, wholeFrom) and [wholeTo, end) are partial hours, [wholeFrom, wholeTo) whole ones; a period inside one hour
  // has no whole hour (wholeTo = wholeFrom, past its end).
  const wholeFrom = new Date(Math.ceil(start.getTime() / HOUR_MS) * HOUR_MS);
  const wholeTo = new Date(Math.max(Math.floor(end.getTime() / HOUR_MS) * HOUR_MS, wholeFrom.getTime()));
  const headEnd = wholeFrom < end ? wholeFrom : end;
  const hours = and(eq(usageHourlyPages.accountId, accountId), gte(usageHourlyPages.hour, wholeFrom), lt(usageHourlyPages.hour, wholeTo));
  const partial = and(
    eq(usageLedger.accountId, accountId),
    ne(usageLedger.kind, 'international'),
    or(and(gte(usageLedger.at, start), lt(usageLedger.at, headEnd)), and(gte(usageLedger.at, wholeTo), lt(usageLedger.at, end))),
  );
  return sql<number>`((SELECT coalesce(sum(${usageHourlyPages.pages}), 0) FROM ${usageHourlyPages} WHERE ${hours})
    + (SELECT coalesce(sum(${usageLedger.pages}), 0) FROM ${usageLedger} WHERE ${partial}))::int`;
}

const HOUR_MS = 3_600_000;

/**
 * The period an account's quota counts: its subscription's current period while `now` is inside it, else the UTC
 * calendar month (the plans assigned without a subscription, and a subscription whose period the provider has not
 * renewed yet).
 */
export async function usagePeriodOf(db: Database, accountId: string, now: Date): Promise<{ start: Date; end: Date }> {
  const [subscription] = await db
    .select({ start: subscriptions.currentPeriodStart, end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  return usagePeriodAt(subscription, now);
}

/** The usage period at `now` of an account with this subscription (or none): its current period, else the UTC month. */
export function usagePeriodAt(subscription: { start: Date | null; end: Date | null } | undefined, now: Date): { start: Date; end: Date } {
  if (subscription?.start && subscription.end && subscription.start <= now && now < subscription.end)
    return { start: subscription.start, end: subscription.end };
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/**
 * An account's ledger lines of whole days in its own time zone, `from` to `to` (YYYY-MM-DD, both included), oldest
 * first, each with its time written in that zone.
 */
export async function ledgerLinesOfDays(db: Database, accountId: string, days: { from: string; to: string }): Promise<UsageCsvLine[]> {
  const zone = sql`(SELECT ${accounts.timeZone} FROM ${accounts} WHERE ${accounts.id} = ${accountId})`;
  return db
    .select({
      at: sql<string>`to_char(${usageLedger.at} AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI')`,
      faxId: usageLedger.faxId,
      direction: usageLedger.direction,
      otherNumber: usageLedger.otherNumber,
      pages: usageLedger.pages,
      kind: usageLedger.kind,
      rateCents: usageLedger.rateCents,
      currency: usageLedger.currency,
    })
    .from(usageLedger)
    .where(
      and(
        eq(usageLedger.accountId, accountId),
        gte(usageLedger.at, sql`(${days.from}::date)::timestamp AT TIME ZONE ${zone}`),
        lt(usageLedger.at, sql`(${days.to}::date + 1)::timestamp AT TIME ZONE ${zone}`),
      ),
    )
    .orderBy(asc(usageLedger.at), asc(usageLedger.id));
}
