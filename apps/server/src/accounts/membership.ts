import { randomUUID } from 'node:crypto';
import { roleMay, type TGivenRole, type TMemberRole } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { createOwnerAccount } from './create-owner-account';
import { accountMembers } from './schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';

export type Membership = { accountId: string; role: TMemberRole };

/**
 * The account a person acts for, and their role in it (DESIGN.md "Accounts, people and roles"). A person without one
 * (a sign-up interrupted between creating the person and the account) gets their own account now.
 */
export async function membershipOf(db: Database, user: { id: string; name: string; email: string }): Promise<Membership> {
  const read = () =>
    db
      .select({ accountId: accountMembers.organizationId, role: accountMembers.role })
      .from(accountMembers)
      .where(eq(accountMembers.userId, user.id));
  let [row] = await read();
  if (!row) {
    await createOwnerAccount(db, user);
    [row] = await read();
  }
  if (!row) throw new AppError('permission_denied', 'errors.forbidden');
  return { accountId: row.accountId, role: row.role };
}

/** The owner and sub-admins see every fax of the account; a User sees the faxes they sent and those received. */
export const seesAllFaxes = (m: Membership) => roleMay(m.role, 'seeAllFaxes');
/** Billing contacts see usage and plan, no faxes (spec 001 §6 with DESIGN.md). */
export const mayUseFaxes = (m: Membership) => roleMay(m.role, 'useFaxes');

/** Gives a person a place in an account, with a role other than owner (an owner opens their own account). */
export async function addMember(db: Database, member: { accountId: string; userId: string; role: TGivenRole }): Promise<void> {
  await db.insert(accountMembers).values({ id: randomUUID(), organizationId: member.accountId, userId: member.userId, role: member.role });
}
