import { randomUUID } from 'node:crypto';
import { roleMay, type TGivenRole, type TMember, type TMemberRole } from '@faxline/shared';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { AccountLifecycle } from './account-lifecycle';
import { createOwnerAccount } from './create-owner-account';
import { accountMembers } from './schema';
import { applyAccountRulesToNewMember } from './security-policy';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';

export type Membership = { accountId: string; role: TMemberRole };

/**
 * The account a person acts for, and their role in it (DESIGN.md "Accounts, people and roles"). A person without one
 * (a sign-up interrupted between creating the person and the account) gets their own account now.
 */
export async function membershipOf(
  deps: { db: Database; lifecycle: Pick<AccountLifecycle, 'opened'> },
  user: { id: string; name: string; email: string },
  /** When the asking session began: one begun before the person's sessions were ended is refused (decision 107). */
  sessionStartedAt?: Date,
): Promise<Membership> {
  const { db } = deps;
  const read = () =>
    db
      .select({
        accountId: accountMembers.organizationId,
        role: accountMembers.role,
        deactivatedAt: accountMembers.deactivatedAt,
        sessionsEndedAt: accountMembers.sessionsEndedAt,
      })
      .from(accountMembers)
      .where(eq(accountMembers.userId, user.id));
  let [row] = await read();
  if (!row) {
    await createOwnerAccount(deps, user);
    [row] = await read();
  }
  if (!row) throw new AppError('permission_denied', 'errors.forbidden');
  // Deactivated by the account's identity provider (decision 107): signed out, even by a session copy still young.
  if (row.deactivatedAt || (sessionStartedAt && row.sessionsEndedAt && sessionStartedAt <= row.sessionsEndedAt))
    throw new AppError('authentication_error', 'errors.unauthenticated');
  return { accountId: row.accountId, role: row.role };
}

/** The owner and sub-admins see every fax of the account; a User sees the faxes they sent and those received. */
export const seesAllFaxes = (m: Membership) => roleMay(m.role, 'seeAllFaxes');
/** Billing contacts see usage and plan, no faxes (spec 001 §6 with DESIGN.md). */
export const mayUseFaxes = (m: Membership) => roleMay(m.role, 'useFaxes');

/**
 * The person's membership as it stands, or null for a person without an account (none is opened for them here);
 * `forUpdate` locks it until the transaction ends.
 */
export async function findMembership(
  db: Database,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<(Membership & { id: string }) | null> {
  const query = db
    .select({ id: accountMembers.id, accountId: accountMembers.organizationId, role: accountMembers.role })
    .from(accountMembers)
    .where(eq(accountMembers.userId, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Gives a person a place in an account, with a role other than owner (an owner opens their own account). */
export async function addMember(db: Database, member: { accountId: string; userId: string; role: TGivenRole }): Promise<void> {
  await db.insert(accountMembers).values({ id: randomUUID(), organizationId: member.accountId, userId: member.userId, role: member.role });
  await applyAccountRulesToNewMember(db, member.accountId, member.userId);
}

/** The account's members as the members page lists them, in the order they joined. */
export async function listMembers(db: Database, accountId: string): Promise<TMember[]> {
  return readMembers(db, eq(accountMembers.organizationId, accountId));
}

/** One member of the account, as the members page lists them; null when the person is not a member of it. */
export async function memberOf(db: Database, accountId: string, userId: string): Promise<TMember | null> {
  const [member] = await readMembers(db, and(eq(accountMembers.organizationId, accountId), eq(accountMembers.userId, userId)));
  return member ?? null;
}

async function readMembers(db: Database, where: SQL | undefined): Promise<TMember[]> {
  const rows = await db
    .select({ member: accountMembers, user: users })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(where)
    .orderBy(asc(accountMembers.createdAt));
  return rows.map(({ member, user }) => ({
    userId: user.id,
    name: user.name,
    email: user.email,
    username: user.displayUsername ?? user.username,
    role: member.role,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    createdAt: member.createdAt.toISOString(),
    active: member.deactivatedAt === null,
  }));
}
