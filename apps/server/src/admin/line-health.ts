import type { TAdminDashboard, TFaxLine } from '@faxline/shared';
import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { faxAttempts } from '../faxes/schema';
import type { Database } from '../platform/db/client';

type Health = NonNullable<TAdminDashboard['lines'][number]['health']>;

const HOUR_MS = 60 * 60_000;

/**
 * How each carrier is doing, from the tries themselves: the last one that got through (a fax
 * delivered or received over it), and the last hour's ended tries with those that ended in a line error, an outage or
 * a refusal of the carrier (decision 119). A busy or unanswered number is the far end's doing, not the carrier's: not
 * an error here.
 */
export async function lineHealth(db: Database, lines: TFaxLine[], now: Date): Promise<Map<TFaxLine, Health>> {
  const health = new Map<TFaxLine, Health>(lines.map((line) => [line, { lastSuccessAt: null, triesLastHour: 0, errorsLastHour: 0 }]));
  if (lines.length === 0) return health;
  const recent = await db
    .select({
      line: faxAttempts.line,
      tries: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${faxAttempts.result} in ('line_quality', 'carrier_outage', 'carrier_refused')))::int`,
    })
    .from(faxAttempts)
    .where(and(inArray(faxAttempts.line, lines), gte(faxAttempts.endedAt, new Date(now.getTime() - HOUR_MS))))
    .groupBy(faxAttempts.line);
  for (const row of recent) Object.assign(health.get(row.line)!, { triesLastHour: row.tries, errorsLastHour: row.errors });
  // One short walk back along the (line, ended_at) index per carrier.
  for (const line of lines) {
    const [last] = await db
      .select({ endedAt: faxAttempts.endedAt })
      .from(faxAttempts)
      .where(
        and(eq(faxAttempts.line, line), isNotNull(faxAttempts.endedAt), inArray(faxAttempts.result, ['delivered', 'partially_delivered'])),
      )
      .orderBy(desc(faxAttempts.endedAt))
      .limit(1);
    health.get(line)!.lastSuccessAt = last?.endedAt?.toISOString() ?? null;
  }
  return health;
}
