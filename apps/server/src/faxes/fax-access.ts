import { and, eq, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import { auditedBy, type Actor } from '../accounts/actor';
import { mayUseFaxes, seesAllFaxes, type Membership } from '../accounts/membership';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { inboxIdsOfQuery, inboxTallyKeysOfQuery } from '../inboxes/inboxes';
import { faxes } from './schema';

export type FaxRow = typeof faxes.$inferSelect;

/*
 * Who may see a fax, the one rule for the history, a fax's page and files, its receipt, the public API, the bells and
 * the e-mails: of their own account, the owner and sub-admins every fax; a User those they sent, and the received faxes
 * once filed (decision 103) that are in no inbox or in an inbox they belong to. Whether the member may use faxes at all
 * is asked at the door (a Billing contact may not); the e-mails, which have no door, ask it here (`maySeeFax`).
 */

/** The faxes of the account this member may see, as a condition on faxes. */
export function visibleTo(member: Membership, userId: string): SQL {
  const ofAccount = eq(faxes.accountId, member.accountId);
  if (seesAllFaxes(member)) return ofAccount;
  const received = and(
    eq(faxes.direction, 'inbound'),
    isNotNull(faxes.filedAt),
    or(isNull(faxes.inboxId), sql`${faxes.inboxId} IN ${inboxIdsOfQuery(userId)}`),
  );
  return and(ofAccount, or(received, eq(faxes.userId, userId)))!;
}

/**
 * The same rule on the search tallies, which key a received fax by its inbox ('inbox:' and its id, 'inbox:' for none,
 * 'unfiled' before it is filed) and a sent one by its sender (migration 0054).
 */
export function visibleTalliesTo(
  member: Membership,
  userId: string,
  on: { accountId: AnyColumn; direction: AnyColumn; userId: AnyColumn },
): SQL {
  const ofAccount = eq(on.accountId, member.accountId);
  if (seesAllFaxes(member)) return ofAccount;
  const received = and(eq(on.direction, 'inbound'), sql`${on.userId} IN ${inboxTallyKeysOfQuery(userId)}`);
  return and(ofAccount, or(received, eq(on.userId, userId)))!;
}

/** Whether this member, who belongs to these inboxes, may see the fax, role included. */
export function maySeeFax(
  member: Membership,
  userId: string,
  fax: Pick<FaxRow, 'accountId' | 'direction' | 'userId' | 'inboxId' | 'filedAt'>,
  inboxIds: ReadonlySet<string>,
): boolean {
  if (!mayUseFaxes(member) || fax.accountId !== member.accountId) return false;
  if (seesAllFaxes(member) || fax.userId === userId) return true;
  return fax.direction === 'inbound' && fax.filedAt !== null && (fax.inboxId === null || inboxIds.has(fax.inboxId));
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
