import {
  ANALYTICS_FAILURE_REASONS,
  type TAdminAnalytics,
  type TAnalyticsFailureReason,
  type TAnalyticsPoint,
  type TAnalyticsRange,
  type TAnalyticsTotals,
  type TLanguage,
  IN_FLIGHT_FAX_STATUSES,
} from '@faxline/shared';
import { and, count, countDistinct, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { users } from '../auth/schema';
import { faxes } from '../faxes/schema';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { translator } from '../platform/i18n/i18n';
import { analyticsPeriod, type AnalyticsPeriod } from './analytics-period';

// The groups the back office shows (DESIGN.md "Faxes": the in-flight states are the spec's Processing).
const outbound = sql`${faxes.direction} = 'outbound'`;
const inbound = sql`${faxes.direction} = 'inbound'`;
// One failure language (decision 119): a partial delivery is partial and an uncertain fax uncertain, never delivered.
const isDelivered = sql`${outbound} and ${faxes.status} = 'delivered'`;
const isPartial = sql`${outbound} and ${faxes.status} = 'partially_delivered'`;
const isUncertain = sql`${outbound} and ${faxes.status} = 'failed' and ${faxes.failureReason} = 'uncertain'`;
const isFailed = sql`${outbound} and ${faxes.status} = 'failed' and ${faxes.failureReason} is distinct from 'uncertain'`;
const isCanceled = sql`${outbound} and ${faxes.status} = 'canceled'`;
const isInProgress = sql`${outbound} and ${faxes.status} in (${sql.join(
  IN_FLIGHT_FAX_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)})`;
// Pages as the plans meter them (faxes/quota.ts), so these figures agree with the dashboard and with usage.
const isMeteredSent = sql`${outbound} and ${faxes.status} not in ('failed', 'canceled')`;

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
// A sent fax counts the pages its receiver confirmed once it has ended (partly delivered: fewer), as the quota does.
const pagesWhere = (condition: SQL) =>
  sql<number>`coalesce(sum(coalesce(${faxes.pagesSent}, ${faxes.pages})) filter (where ${condition}), 0)::int`;
const inPeriod = (period: AnalyticsPeriod) => and(gte(faxes.createdAt, period.start), lt(faxes.createdAt, period.end));

const STEP = { hour: '1 hour', day: '1 day', month: '1 month' } as const;

/** GET /api/admin/analytics: the figures of one range, from the faxes and people in the database. */
export async function readAnalytics(
  db: Database,
  range: TAnalyticsRange,
  language: TLanguage,
  now = clock.now(),
): Promise<TAdminAnalytics> {
  const firstActivity = range === 'alltime' ? await readFirstActivity(db) : null;
  const period = analyticsPeriod(range, now, firstActivity);
  const [totals, series, failureReasons] = await Promise.all([
    readTotals(db, period),
    readSeries(db, period),
    readFailureReasons(db, period, language),
  ]);
  return {
    range,
    timeZone: 'UTC',
    bucket: period.bucket,
    from: period.start.toISOString(),
    to: period.end.toISOString(),
    totals,
    series,
    failureReasons,
  };
}

/** When the first fax was sent or received, or the first person joined; null on an empty database. */
export async function readFirstActivity(db: Database): Promise<Date | null> {
  const result = await db.execute<{ first: Date | string | null }>(
    sql`select least((select min(${faxes.createdAt}) from ${faxes}), (select min(${users.createdAt}) from ${users})) as first`,
  );
  const first = result.rows[0]?.first;
  return first ? new Date(first) : null;
}

async function readTotals(db: Database, period: AnalyticsPeriod): Promise<TAnalyticsTotals> {
  const [fax] = await db
    .select({
      faxesSent: countWhere(outbound),
      faxesReceived: countWhere(inbound),
      delivered: countWhere(isDelivered),
      partial: countWhere(isPartial),
      uncertain: countWhere(isUncertain),
      failed: countWhere(isFailed),
      pagesSent: pagesWhere(isMeteredSent),
      pagesReceived: pagesWhere(inbound),
      activeAccounts: countDistinct(faxes.accountId),
    })
    .from(faxes)
    .where(inPeriod(period));
  const [people] = await db
    .select({ newPeople: count() })
    .from(users)
    .where(and(gte(users.createdAt, period.start), lt(users.createdAt, period.end)));

  const delivered = fax?.delivered ?? 0;
  const partial = fax?.partial ?? 0;
  const uncertain = fax?.uncertain ?? 0;
  const failed = fax?.failed ?? 0;
  const finished = delivered + partial + uncertain + failed;
  return {
    faxesSent: fax?.faxesSent ?? 0,
    faxesReceived: fax?.faxesReceived ?? 0,
    delivered,
    partial,
    uncertain,
    failed,
    deliveredRate: finished > 0 ? delivered / finished : null,
    pagesSent: fax?.pagesSent ?? 0,
    pagesReceived: fax?.pagesReceived ?? 0,
    activeAccounts: fax?.activeAccounts ?? 0,
    newPeople: people?.newPeople ?? 0,
  };
}

type SeriesRow = Omit<TAnalyticsPoint, 'start' | 'inProgress' | 'pagesSent' | 'pagesReceived'> & {
  start: string;
  in_progress: number;
  pages_sent: number;
  pages_received: number;
};

/**
 * One row per bucket, those without faxes included: generate_series gives every bucket, the faxes are counted per
 * bucket and joined to it. Buckets are computed on UTC wall-clock times, whatever the database's own time zone.
 */
async function readSeries(db: Database, period: AnalyticsPeriod): Promise<TAnalyticsPoint[]> {
  const unit = period.bucket;
  const step = sql`${STEP[unit]}::interval`;
  const utc = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'UTC')`;
  const result = await db.execute<SeriesRow>(sql`
    with counted as (
      select date_trunc(${unit}, ${faxes.createdAt} at time zone 'UTC') as bucket,
        ${countWhere(isDelivered)} as delivered,
        ${countWhere(isPartial)} as partial,
        ${countWhere(isUncertain)} as uncertain,
        ${countWhere(isFailed)} as failed,
        ${countWhere(isInProgress)} as in_progress,
        ${countWhere(isCanceled)} as canceled,
        ${pagesWhere(isMeteredSent)} as pages_sent,
        ${pagesWhere(inbound)} as pages_received
      from ${faxes}
      where ${inPeriod(period)}
      group by 1
    )
    select to_char(buckets.bucket, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start,
      coalesce(counted.delivered, 0) as delivered,
      coalesce(counted.partial, 0) as partial,
      coalesce(counted.uncertain, 0) as uncertain,
      coalesce(counted.failed, 0) as failed,
      coalesce(counted.in_progress, 0) as in_progress,
      coalesce(counted.canceled, 0) as canceled,
      coalesce(counted.pages_sent, 0) as pages_sent,
      coalesce(counted.pages_received, 0) as pages_received
    from generate_series(${utc(period.start)}, ${utc(period.end)} - ${step}, ${step}) as buckets(bucket)
    left join counted on counted.bucket = buckets.bucket
    order by buckets.bucket`);
  return result.rows.map((row) => ({
    start: new Date(row.start).toISOString(),
    delivered: row.delivered,
    partial: row.partial,
    uncertain: row.uncertain,
    failed: row.failed,
    inProgress: row.in_progress,
    canceled: row.canceled,
    pagesSent: row.pages_sent,
    pagesReceived: row.pages_received,
  }));
}

async function readFailureReasons(db: Database, period: AnalyticsPeriod, language: TLanguage): Promise<TAnalyticsFailureReason[]> {
  // A partly delivered fax counts under partial (faxes that ended so before decision 119 recorded no reason).
  const reason = sql<string>`coalesce(${faxes.failureReason}, case when ${faxes.status} = 'partially_delivered' then 'partial' else 'unknown' end)`;
  const rows = await db
    .select({ reason, count: count() })
    .from(faxes)
    .where(and(inPeriod(period), eq(faxes.direction, 'outbound'), inArray(faxes.status, ['failed', 'partially_delivered'])))
    .groupBy(reason);
  // The column is plain text: anything outside the known reasons is counted with the unrecorded ones.
  const counts = new Map<TAnalyticsFailureReason['reason'], number>();
  for (const row of rows) {
    const key = isKnownReason(row.reason) ? row.reason : 'unknown';
    counts.set(key, (counts.get(key) ?? 0) + row.count);
  }
  const t = translator(language);
  return [...counts]
    .map(([key, total]) => ({ reason: key, label: t(`failureReasons.${key}`), count: total }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

const isKnownReason = (value: string): value is TAnalyticsFailureReason['reason'] =>
  (ANALYTICS_FAILURE_REASONS as readonly string[]).includes(value);
