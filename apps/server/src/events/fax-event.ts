import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../platform/db/client';
import { faxEvents } from './schema';

/** The payload of every fax-event consumer's job: the outbox row it handles. */
export const ZFaxEventJob = z.object({ eventId: z.uuid() });

/**
 * The exclusive key of a consumer's job for one event: one run at a time, and a run whose worker died is handed back
 * within seconds (platform/queue/queue.ts, reclaimOrphans) instead of at the job's expiry.
 */
export const faxEventJobKey =
  (consumer: string) =>
  ({ eventId }: { eventId: string }) =>
    `${consumer}:${eventId}`;

export type FaxEventRow = typeof faxEvents.$inferSelect;

/** The event a consumer's job is about; undefined once its fax (and so the event) was deleted. */
export async function loadFaxEvent(db: Database, eventId: string): Promise<FaxEventRow | undefined> {
  const [event] = await db.select().from(faxEvents).where(eq(faxEvents.id, eventId));
  return event;
}
