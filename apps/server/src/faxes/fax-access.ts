import { and, eq, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import { auditedBy, type Actor } from '../accounts/actor';
import { mayUseFaxes, seesAllFaxes, type Membership } from '../accounts/membership';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { faxes } from './schema';

export type FaxRow = typeof faxes.$inferSelect;

/*
 * Who may see a fax, the one rule for the history, a fax's page and files, its receipt, the public API, the bells and
 * the e-mails: of their own account, the owner and sub-admins every fax, a User every received fax and those they
 * sent. Whether the member may use faxes at all is asked at the door (a Billing contact may not); the e-mails, which
 * have no door, ask it here (`maySeeFax`).
 */

/** The columns the rule reads: on faxes, or on a table that keeps them beside its counts (the search tallies). */
type FaxOwnership = { accountId: AnyColumn; direction: AnyColumn; userId: AnyColumn };

/** The faxes of the account this member may see, as a condition on `on` (the faxes table unless told). */
export function visibleTo(member: Membership, userId: string, on: FaxOwnership = faxes): SQL {
  const ofAccount = eq(on.accountId, member.accountId);
  return seesAllFaxes(member) ? ofAccount : and(ofAccount, or(eq(on.direction, 'inbound'), eq(on.userId, userId)))!;
}

/** Whether this member may see the fax, role included. */
export function maySeeFax(member: Membership, userId: string, fax: Pick<FaxRow, 'accountId' | 'direction' | 'userId'>): boolean {
  if (!mayUseFaxes(member) || fax.accountId !== member.accountId) return false;
  return seesAllFaxes(member) || fax.direction === 'inbound' || fax.userId === userId;
}

/** Whose sent faxes this member's counts hold, as the tallies key them: the whole account's (''), or their own. */
export const sentFaxesTallyKey = (member: Membership, userId: string): string => (seesAllFaxes(member) ? '' : userId);

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
 * The fax, when this member may see it (`visibleTo`); otherwise 404, the same for a fax of another account
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
