import type { TAdminUser, TGivenRole, TMember } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import { deletePeople } from '../auth/people';
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

/** Who asks for a change, and so by which screen's rules. */
export type MemberChanger = { screen: 'members'; actor: Actor } | { screen: 'back-office'; operator: AdminActor };

/** What a removal took with it. */
export type Removal = { accountDeleted: boolean; people: number; faxes: number };

/**
 * The members page changes a member's role within the account. The owner's role never changes: an account has one
 * owner, who leaves only with the account. The same role again changes nothing and writes no audit row.
 */
export async function changeMemberRole(db: Database, by: Actor, userId: string, role: TGivenRole): Promise<TMember> {
  const { accountId } = by.member;
  return inTransaction(db, async (tx) => {
    // Locked, so that two changes at once each record the role they really changed from.
    const place = await placeInAccount(tx, accountId, userId, { forUpdate: true });
    if (place.role !== role) {
      await tx.update(accountMembers).set({ role }).where(eq(accountMembers.id, place.id));
      await recordAuditEvent(tx, {
        actorUserId: by.user.id,
        accountId,
        ip: by.ip,
        action: 'member.role_change',
        objectType: 'user',
        objectId: userId,
        outcome: 'success',
        details: { from: place.role, to: role },
      });
    }
    return (await memberOf(tx, accountId, userId))!;
  });
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
    by.screen === 'members'
      ? { userId, place: await placeInAccount(db, by.actor.member.accountId, userId), person: null }
      : { userId, person: await findPerson(db, userId), place: await findMembership(db, userId) };
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
