import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { auditEvents } from './schema';

export type AuditEvent = {
  actorUserId: string | null;
  accountId: string | null;
  ip: string | null;
  action: `${string}.${string}`;
  objectType: string;
  objectId: string | null;
  outcome: 'success' | 'denied' | 'failure';
  details?: Record<string, unknown>;
};

export async function recordAuditEvent(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/** Many rows at once (a broadcast's faxes): one statement instead of one per row. */
export async function recordAuditEvents(db: Database, events: AuditEvent[]): Promise<void> {
  if (events.length > 0) await db.insert(auditEvents).values(events);
}

/** The trail of one object, oldest first, but for the actions named (a fax's timeline leaves out its views). */
export async function auditTrailOf(db: Database, objectType: string, objectId: string, leaveOut: readonly string[]) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.objectType, objectType),
        eq(auditEvents.objectId, objectId),
        ne(auditEvents.outcome, 'denied'),
        leaveOut.length ? notInArray(auditEvents.action, [...leaveOut]) : undefined,
      ),
    )
    .orderBy(asc(auditEvents.at), asc(auditEvents.id))
    .limit(500);
}
