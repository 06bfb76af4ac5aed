import type { TAdminUser, TGivenRole, TMember } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import { deletePeople, setSignInAllowed } from '../auth/people';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { AppError } from '../platform/http/app-error';
import type { Actor } from './actor';
import { findPerson, type AdminActor } from './admin-users';
import type { AccountLifecycle } from './account-lifecycle';
import { deleteAccount } from './delete-account';
import { findMembership, memberOf, type Membership } from './membership';
import { accountMembers } from './schema';

// What happens when a member's role changes or a member leaves their account, for both screens that ask: the members
// page, where the account's owner and sub-admins manage their own account, and the back office's people list, where a
// platform operator deletes anyone. (The role the back office edits is the platform role, not a place in an account:
// admin-users.ts updatePerson.)
//
// Two things follow a change without being written here, because they are read on every request: the member's role
// (membershipOf), so that a changed role ends no session and counts from the next request; and what the API keys the
// member created may do, their scopes narrowed to what the creator's role allows then (public-api/api-caller.ts).

/**
 * The account's identity provider, through a SCIM token (decision 107): it acts on its own account only, names no
 * person, and the audit trail names its token.
 */
export type ScimChanger = { screen: 'scim'; accountId: string; ip: string; token: { id: string; name: string; prefix: string } };

/** Who asks for a change, and so by which screen's rules. */
export type MemberChanger = { screen: 'members'; actor: Actor } | { screen: 'back-office'; operator: AdminActor } | ScimChanger;

/** The reason a person's sign-in is off while their identity provider has deactivated them (auth/people.ts). */
const DEACTIVATED_BY_SCIM = 'scim';

/** What a removal took with it. */
export type Removal = { accountDeleted: boolean; people: number; faxes: number };

/**
 * The members page changes a member's role within the account. The owner's role never changes: an account has one
 * owner, who leaves only with the account. The same role again changes nothing and writes no audit row.
 */
export async function changeMemberRole(db: Database, by: Actor | ScimChanger, userId: string, role: TGivenRole): Promise<TMember> {
  const who = accountChanger(by);
  return inTransaction(db, async (tx) => {
    // Locked, so that two changes at once each record the role they really changed from.
    const place = await placeInAccount(tx, who.accountId, userId, { forUpdate: true });
    if (place.role !== role) {
      await tx.update(accountMembers).set({ role }).where(eq(accountMembers.id, place.id));
      await recordAuditEvent(tx, {
        ...who,
        action: 'member.role_change',
        objectType: 'user',
        objectId: userId,
        outcome: 'success',
        details: { ...who.details, from: place.role, to: role },
      });
    }
    return (await memberOf(tx, who.accountId, userId))!;
  });
}

/**
 * The account's identity provider deactivates a member, or reactivates them (decision 107). Deactivated, the person
 * keeps their place (their faxes keep their sender) but is refused at their next request, whatever session copy they
 * hold (membershipOf reads the place on every request, and the change drops the account's cached answers); their
 * sessions end, their sign-in is turned off, and the API keys they made answer 401. Reactivated, they can sign in again;
 * the sessions that ended stay ended. The owner is never deactivated: the account would have nobody to manage it.
 * The same state again changes nothing and writes no audit row.
 */
export async function setMemberActive(db: Database, by: ScimChanger, userId: string, active: boolean): Promise<void> {
  const who = accountChanger(by);
  await inTransaction(db, async (tx) => {
    const place = await placeInAccount(tx, who.accountId, userId, { forUpdate: true });
    const [row] = await tx
      .select({ deactivatedAt: accountMembers.deactivatedAt })
      .from(accountMembers)
      .where(eq(accountMembers.id, place.id));
    if ((row?.deactivatedAt === null) === active) return;
    await tx
      .update(accountMembers)
      .set(active ? { deactivatedAt: null } : { deactivatedAt: new Date(), sessionsEndedAt: new Date() })
      .where(eq(accountMembers.id, place.id));
    await setSignInAllowed(tx, userId, active, DEACTIVATED_BY_SCIM);
    await recordAuditEvent(tx, {
      ...who,
      action: active ? 'member.reactivate' : 'member.deactivate',
      objectType: 'user',
      objectId: userId,
      outcome: 'success',
    });
  });
}

/** The audit row's who and where for a change within an account, by a member or by the account's identity provider. */
function accountChanger(by: Actor | ScimChanger) {
  if ('screen' in by)
    return {
      actorUserId: null,
      accountId: by.accountId,
      ip: by.ip,
      details: { via: 'scim', scimToken: by.token } as Record<string, unknown>,
    };
  return { actorUserId: by.user.id, accountId: by.member.accountId, ip: by.ip, details: {} as Record<string, unknown> };
}

/**
 * A member leaves their account, and since a login belongs to one account, the login ends with it: its sessions,
 * credentials and second factors, the API keys it created and the invitations it sent go (the tables cascade); the
 * faxes it sent, the webhooks it set up and its support tickets stay with the account.
 *
 * On the members page only the account's own members can be removed, and never its owner. In the back office an
 * operator can delete anyone but themself: an owner takes their account with them (deleteAccount, as 'Yes, delete my
 * account' does), which is refused for the account the operator belongs to, since it would delete them too. The back
 * office's refusals are audited, as its deletions are, under its own action.
 */
export async function removeMember(
  deps: { db: Database; files: FileStore; lifecycle: Pick<AccountLifecycle, 'closing' | 'deleting'> },
  by: MemberChanger,
  userId: string,
): Promise<Removal> {
  const { db } = deps;
  const target =
    by.screen === 'back-office'
      ? { userId, person: await findPerson(db, userId), place: await findMembership(db, userId) }
      : { userId, place: await placeInAccount(db, by.screen === 'scim' ? by.accountId : by.actor.member.accountId, userId), person: null };
  const ownsAccount = target.place?.role === 'owner';
  const removed = (removal: Removal) => removalAudit(by, target, 'success', { accountRole: target.place?.role ?? null, ...removal });
  if (by.screen === 'back-office') {
    const operatorsAccount = ownsAccount && (await findMembership(db, by.operator.userId))?.accountId === target.place?.accountId;
    if (userId === by.operator.userId || operatorsAccount) {
      await recordAuditEvent(db, removalAudit(by, target, 'denied', { reason: 'self' }));
      throw new AppError('conflict', 'errors.adminCannotDeleteSelf');
    }
  }
  if (ownsAccount) {
    const removal = { accountDeleted: true, ...(await deleteAccount(deps, target.place!.accountId)) };
    await recordAuditEvent(db, removed(removal));
    return removal;
  }
  const removal = { accountDeleted: false, people: 1, faxes: 0 };
  await inTransaction(db, async (tx) => {
    await deletePeople(tx, [userId]);
    await recordAuditEvent(tx, removed(removal));
  });
  return removal;
}

type Place = Membership & { id: string };

/** The person's place in this account, which the members page may change: any member but the owner. */
async function placeInAccount(db: Database, accountId: string, userId: string, options: { forUpdate?: boolean } = {}): Promise<Place> {
  const place = await findMembership(db, userId, options);
  if (!place || place.accountId !== accountId) throw new AppError('not_found', 'errors.memberNotFound');
  if (place.role === 'owner') throw new AppError('conflict', 'errors.ownerCannotChange');
  return place;
}

/**
 * A removal's audit row, in each screen's words: the members page's `member.remove` in the account's trail, the back
 * office's `user.delete` with who the person was and what went with them.
 */
function removalAudit(
  by: MemberChanger,
  target: { userId: string; place: Place | null; person: TAdminUser | null },
  outcome: 'success' | 'denied',
  details: Record<string, unknown>,
): AuditEvent {
  const about = { objectType: 'user', objectId: target.userId, outcome } as const;
  if (by.screen === 'scim') {
    const { details: via, ...who } = accountChanger(by);
    return { ...about, ...who, action: 'member.remove', details: via };
  }
  if (by.screen === 'members')
    return { ...about, actorUserId: by.actor.user.id, accountId: by.actor.member.accountId, ip: by.actor.ip, action: 'member.remove' };
  const { email, role } = target.person!;
  return {
    ...about,
    actorUserId: by.operator.userId,
    accountId: target.place?.accountId ?? null,
    ip: by.operator.ip,
    action: 'user.delete',
    details: { email, role, ...details },
  };
}
