import type { TPlatformEventType } from '@faxline/shared';
import type { Database } from '../platform/db/client';
import { platformEvents } from './schema';

/**
 * Records an event for the back office's bell. At most one per type and subject: a job run twice,
 * or a second report of the same thing, adds nothing. Returns whether it was new (what an e-mail about it waits for).
 */
export async function recordPlatformEvent(
  db: Database,
  event: { type: TPlatformEventType; subjectId: string; accountId?: string | null; details?: Record<string, unknown> },
): Promise<boolean> {
  const inserted = await db
    .insert(platformEvents)
    .values({ type: event.type, subjectId: event.subjectId, accountId: event.accountId ?? null, details: event.details ?? {} })
    .onConflictDoNothing()
    .returning({ id: platformEvents.id });
  return inserted.length > 0;
}
