import {
  DELIVERY_WINDOWS,
  DELIVERY_WINDOW_HOURS,
  FAX_LINES,
  type TDeliveryFigures,
  type TDeliveryWindow,
  type TFaxLine,
} from '@faxline/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db/client';

/** Whose sent faxes are counted: everyone's (/status), an account's, or one member's within it. */
export type DeliveryScope =
  { kind: 'everyone' } | { kind: 'account'; accountId: string } | { kind: 'own'; accountId: string; userId: string };

export type WindowFigures = { window: TDeliveryWindow; overall: TDeliveryFigures; lines: (TDeliveryFigures & { line: TFaxLine })[] };

type Row = {
  line: string | null;
  overall: boolean;
  faxes: number;
  delivered_first_try: number;
  delivered: number;
  delivered_attempts: number;
  dial_p50: number | null;
  dial_p95: number | null;
  deliver_p50: number | null;
  deliver_p95: number | null;
};

const HOUR_MS = 3_600_000;

/**
 * The delivery record's figures over the last 24 hours, 7 and 30 days before `now` (decision 122), in one statement
 * over the faxes that ended in the last 30 days (two partial indexes on completed_at find them) and their tries (by
 * the (fax_id, number) index for a few faxes, in one pass over the tries for many: the planner chooses). A fax counts
 * in a window when it ended in it, after at least one call: a fax canceled or refused before any call says nothing of
 * the lines. A fax was accepted when it was sent, or when it was due if it was scheduled for later. A try cut short by
 * its own worker's death (decision 081) is not a call of the line, so it is not counted among the attempts, though it
 * did start the dialling.
 */
export async function deliveryFigures(db: Database, scope: DeliveryScope, now: Date): Promise<WindowFigures[]> {
  const since = (window: TDeliveryWindow) => new Date(now.getTime() - DELIVERY_WINDOW_HOURS[window] * HOUR_MS).toISOString();
  const oldest = since('30d');
  const endedInMonth = sql`f.completed_at >= ${oldest}::timestamptz AND f.completed_at <= ${now.toISOString()}::timestamptz`;
  // Each window's figures are aggregates over the rows of the month filtered to that window: one pass, no copies.
  const perWindow = sql.join(
    DELIVERY_WINDOWS.map((window) => {
      const w = sql.raw(`w${DELIVERY_WINDOWS.indexOf(window)}`);
      const inWindow = sql`tr.completed_at >= ${since(window)}::timestamptz`;
      const delivered = sql`${inWindow} AND tr.status = 'delivered'`;
      return sql`
        (count(*) FILTER (WHERE ${inWindow}))::int AS ${w}_faxes,
        (count(*) FILTER (WHERE ${delivered} AND tr.calls = 1))::int AS ${w}_delivered_first_try,
        (count(*) FILTER (WHERE ${delivered}))::int AS ${w}_delivered,
        (coalesce(sum(tr.calls) FILTER (WHERE ${delivered}), 0))::int AS ${w}_delivered_attempts,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY tr.dial_ms) FILTER (WHERE ${inWindow}) AS ${w}_dial_p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY tr.dial_ms) FILTER (WHERE ${inWindow}) AS ${w}_dial_p95,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY tr.deliver_ms) FILTER (WHERE ${delivered}) AS ${w}_deliver_p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY tr.deliver_ms) FILTER (WHERE ${delivered}) AS ${w}_deliver_p95`;
    }),
    sql`,`,
  );
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    WITH ended AS (
      SELECT f.id, f.line, f.status, f.completed_at,
             CASE WHEN f.scheduled_at > f.created_at THEN f.scheduled_at ELSE f.created_at END AS accepted_at
      FROM faxes f
      WHERE f.direction = 'outbound' AND ${endedInMonth}
        AND f.status IN ('delivered', 'partially_delivered', 'failed', 'canceled') ${scopeCondition(scope)}
    ),
    tried AS (
      SELECT e.id, e.line, e.status, e.completed_at,
             count(*) FILTER (WHERE NOT a.interrupted) AS calls,
             extract(epoch FROM min(a.started_at) - e.accepted_at)::float8 * 1000 AS dial_ms,
             extract(epoch FROM e.completed_at - e.accepted_at)::float8 * 1000 AS deliver_ms
      FROM ended e JOIN fax_attempts a ON a.fax_id = e.id
      GROUP BY e.id, e.line, e.status, e.completed_at, e.accepted_at
    )
    SELECT tr.line, GROUPING(tr.line) = 1 AS overall, ${perWindow}
    FROM tried tr
    GROUP BY GROUPING SETS ((tr.line), ())
  `);
  return DELIVERY_WINDOWS.map((window, index) => {
    const ofWindow = rows.map((row) => rowOf(row, `w${index}_`)).filter((row) => row.faxes > 0);
    const overall = ofWindow.find((row) => row.overall);
    return {
      window,
      overall: overall ? figuresOf(overall) : NO_FAXES,
      lines: FAX_LINES.flatMap((line) => {
        const row = ofWindow.find((r) => !r.overall && r.line === line);
        return row ? [{ line, ...figuresOf(row) }] : [];
      }),
    };
  });
}

/** One window's columns of a result row, by their prefix. */
function rowOf(row: Record<string, unknown>, prefix: string): Row {
  const at = (name: string) => row[`${prefix}${name}`] as never;
  return {
    line: row.line as string | null,
    overall: row.overall as boolean,
    faxes: at('faxes'),
    delivered_first_try: at('delivered_first_try'),
    delivered: at('delivered'),
    delivered_attempts: at('delivered_attempts'),
    dial_p50: at('dial_p50'),
    dial_p95: at('dial_p95'),
    deliver_p50: at('deliver_p50'),
    deliver_p95: at('deliver_p95'),
  };
}

function scopeCondition(scope: DeliveryScope): SQL {
  if (scope.kind === 'everyone') return sql``;
  if (scope.kind === 'account') return sql`AND f.account_id = ${scope.accountId}`;
  return sql`AND f.account_id = ${scope.accountId} AND f.user_id = ${scope.userId}`;
}

const NO_FAXES: TDeliveryFigures = {
  faxes: 0,
  deliveredFirstTry: 0,
  firstTryShare: null,
  delivered: 0,
  deliveredAttempts: 0,
  attemptsPerDelivered: null,
  acceptedToDialling: null,
  acceptedToDelivered: null,
};

const ms = (value: number | string) => Math.round(Number(value));

function figuresOf(row: Row): TDeliveryFigures {
  return {
    faxes: row.faxes,
    deliveredFirstTry: row.delivered_first_try,
    firstTryShare: row.faxes > 0 ? row.delivered_first_try / row.faxes : null,
    delivered: row.delivered,
    deliveredAttempts: row.delivered_attempts,
    attemptsPerDelivered: row.delivered > 0 ? row.delivered_attempts / row.delivered : null,
    acceptedToDialling: row.dial_p50 === null || row.dial_p95 === null ? null : { p50Ms: ms(row.dial_p50), p95Ms: ms(row.dial_p95) },
    acceptedToDelivered:
      row.deliver_p50 === null || row.deliver_p95 === null ? null : { p50Ms: ms(row.deliver_p50), p95Ms: ms(row.deliver_p95) },
  };
}
