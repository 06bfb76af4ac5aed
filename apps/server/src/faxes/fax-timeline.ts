import type { TFaxTimeline } from '@faxline/shared';
import { inArray } from 'drizzle-orm';
import { auditTrailOf } from '../audit/record-audit-event';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { accessibleFax, type FaxActor } from './fax-access';

/** What a fax's timeline leaves out of its audit rows: looking at it is not a change to it. */
const NOT_ON_TIMELINE = ['fax.view', 'fax.download', 'fax.text'] as const;

/**
 * A fax's timeline (decision 103): what was done to it and by whom, from its audit rows (the rule that placed it, each
 * move, claim and label, its class corrected, pages asked for again, its export to an EHR), oldest first.
 */
export async function faxTimeline(db: Database, actor: FaxActor, id: string): Promise<TFaxTimeline> {
  const fax = await accessibleFax(db, actor, id, 'fax.view');
  const rows = await auditTrailOf(db, 'fax', fax.id, NOT_ON_TIMELINE);
  const actorIds = [...new Set(rows.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])))];
  const names = new Map(
    actorIds.length
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))).map((u) => [u.id, u.name])
      : [],
  );
  return {
    entries: rows.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      outcome: row.outcome,
      actorName: row.actorUserId ? (names.get(row.actorUserId) ?? null) : null,
      details: row.details ?? {},
    })),
  };
}
