import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { auditEvents } from './schema';

/**
 * Of these objects, those with a successful `action` in the audit trail whose details name no `file` (a fax's
 * download of its document, rather than of its image, words or report). Read by the objects' index.
 */
export async function objectsWithPlainAction(
  db: Database,
  objectType: string,
  objectIds: readonly string[],
  action: string,
): Promise<Set<string>> {
  if (objectIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ objectId: auditEvents.objectId })
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.objectId, [...objectIds]),
        eq(auditEvents.objectType, objectType),
        eq(auditEvents.action, action),
        eq(auditEvents.outcome, 'success'),
        isNull(sql`${auditEvents.details}->>'file'`),
      ),
    );
  return new Set(rows.flatMap((row) => (row.objectId ? [row.objectId] : [])));
}

/** The objects of an account with a successful `action` naming no `file` since `since` (read by the action's index). */
export async function objectsWithPlainActionSince(
  db: Database,
  where: { accountId: string; objectType: string; action: string; since: Date },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ objectId: auditEvents.objectId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, where.action),
        gte(auditEvents.at, where.since),
        eq(auditEvents.accountId, where.accountId),
        eq(auditEvents.objectType, where.objectType),
        eq(auditEvents.outcome, 'success'),
        isNull(sql`${auditEvents.details}->>'file'`),
      ),
    );
  return rows.flatMap((row) => (row.objectId ? [row.objectId] : []));
}
