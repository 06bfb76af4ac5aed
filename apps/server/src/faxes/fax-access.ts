import { and, eq } from 'drizzle-orm';
import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import { auditedBy, type Actor } from '../accounts/actor';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { visibleTo } from './list-faxes';
import { faxes } from './schema';

export type FaxRow = typeof faxes.$inferSelect;

/** Who acts on faxes, whatever the channel: a member of an account who may use faxes (accounts/actor.ts). */
export type FaxActor = Actor;

/** The one audit row of an action on a fax (the audit trail's shape for every fax action). */
export function auditFax(
  db: Database,
  actor: FaxActor,
  action: AuditEvent['action'],
  faxId: string,
  outcome: AuditEvent['outcome'],
  details?: AuditEvent['details'],
): Promise<void> {
  return recordAuditEvent(db, { ...auditedBy(actor, details), action, objectType: 'fax', objectId: faxId, outcome });
}

/**
 * The fax, when this member may see it (list-faxes.ts `visibleTo`); otherwise 404, the same for a fax of another account
 * as for none at all, and recorded as a denied attempt at the action.
 */
export async function accessibleFax(db: Database, actor: FaxActor, id: string, action: AuditEvent['action']): Promise<FaxRow> {
  const [fax] = await db
    .select()
    .from(faxes)
    .where(and(eq(faxes.id, id), visibleTo(actor.member, actor.user.id)));
  if (fax) return fax;
  await auditFax(db, actor, action, id, 'denied');
  throw new AppError('not_found', 'errors.faxNotFound');
}
