import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { faxEvents } from './schema';

/** A fax's events in the outbox, with whether the relay has handed each to its consumers yet. */
export async function eventsOfFax(db: Database, faxId: string): Promise<{ id: string; dispatched: boolean }[]> {
  const rows = await db
    .select({ id: faxEvents.id, dispatchedAt: faxEvents.dispatchedAt })
    .from(faxEvents)
    .where(eq(faxEvents.faxId, faxId));
  return rows.map((row) => ({ id: row.id, dispatched: row.dispatchedAt !== null }));
}
