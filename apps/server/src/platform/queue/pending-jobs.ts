import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * How many jobs not yet ended (waiting, to be retried, or running) carry in their payload one of these event ids
 * (`eventId`), this fax's id (`faxId`), or a file of this fax (`attachments[].faxId`, an e-mail that attaches it), in
 * queues other than `exceptQueues`. Zero-footprint mode (decision 108) asks it before a fax's content may go: whatever
 * still has to be done about the fax is a job of pg-boss in the same database, whichever capability queued it.
 */
export async function pendingJobsAbout(
  db: Database,
  about: { faxId: string; eventIds: readonly string[]; exceptQueues: readonly string[] },
): Promise<number> {
  const { rows } = await db.execute<{ pending: number }>(sql`
    SELECT count(*)::int AS pending FROM pgboss.job
    WHERE state < 'completed'
      AND NOT (name = ANY(${sql.raw(textArray(about.exceptQueues))}))
      AND (data->>'eventId' = ANY(${sql.raw(textArray(about.eventIds))})
        OR data->>'faxId' = ${about.faxId}
        OR data->'attachments' @> jsonb_build_array(jsonb_build_object('faxId', ${about.faxId}::text)))`);
  return rows[0]?.pending ?? 0;
}

/** A text[] literal of values that are ids or job names (letters, digits, dots, dashes), checked as such. */
function textArray(values: readonly string[]): string {
  for (const value of values) if (!/^[\w.-]+$/.test(value)) throw new Error(`not an id or job name: ${value}`);
  return `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]::text[]`;
}
