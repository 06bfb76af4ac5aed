import { faxAttempts } from '../../apps/server/src/faxes/schema';
import type { Database } from '../../apps/server/src/platform/db/client';

export type NewFaxAttempt = Partial<typeof faxAttempts.$inferInsert> & { faxId: string; number: number; startedAt: Date };

/**
 * A try of a fax as the transmit job records it once it ended: on the sandbox line, delivered with one page, a minute
 * long, unless given. A test that times the delivery record gives its start (and its end where it matters).
 */
export async function createFaxAttempt(db: Database, fields: NewFaxAttempt) {
  const [attempt] = await db
    .insert(faxAttempts)
    .values({
      line: 'sandbox',
      endedAt: new Date(fields.startedAt.getTime() + 60_000),
      durationMs: 60_000,
      result: 'delivered',
      pagesSent: 1,
      ...fields,
    })
    .returning();
  return attempt!;
}
