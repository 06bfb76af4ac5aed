import type { TSsoFailure } from '@faxline/shared';
import { findMembership, addMember } from '../accounts/membership';
import { assertRoomForUser, PlanFeatureMissing } from '../accounts/plan-features';
import type { Auth } from '../auth/auth';
import { createLogin } from '../auth/logins';
import { findUserByEmail } from '../auth/verify-password';
import type { Database } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import { auditSso } from './audit';
import type { SsoConnectionRow } from './sso-account';

/** A single sign-on refused for a reason the sign-in page says (and the audit trail keeps). */
export class SsoRefusal extends Error {
  override name = 'SsoRefusal';
  constructor(
    readonly reason: TSsoFailure,
    readonly detail?: string,
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
  /** The account the sign-in was for, once known: its audit trail keeps the refusal. */
  accountId: string | null = null;
  for(accountId: string): this {
    this.accountId ??= accountId;
    return this;
  }
}

/**
 * The person the identity provider vouched for, in the account, just in time: found by address (people made by SCIM
 * or invited earlier are simply signed in), or created without a password and joined with the account's chosen role.
 * A person of another account, or one deactivated, is refused. Answers the person's id.
 */
export async function joinPerson(
  deps: { auth: Auth; db: Database },
  connection: SsoConnectionRow,
  who: { email: string; name: string; ip: string },
): Promise<string> {
  const { db } = deps;
  const { accountId } = connection;
  const email = who.email.trim().toLowerCase();
  let person = await findUserByEmail(db, email);
  if (person?.banned) throw new SsoRefusal('deactivated');
  if (person) {
    const member = await findMembership(db, person.id);
    if (member && member.accountId !== accountId) throw new SsoRefusal('other_account');
    if (member) return person.id;
  }
  try {
    await assertRoomForUser(db, accountId);
  } catch (error) {
    if (error instanceof PlanFeatureMissing) throw new SsoRefusal('no_room');
    throw error;
  }
  if (!person) {
    try {
      const created = await createLogin(deps.auth, { name: who.name, email, emailVerified: true });
      person = await findUserByEmail(db, created.email);
    } catch (error) {
      // The same person's two first sign-ins at once: the other made them.
      if (!isUniqueViolation(error)) throw error;
      person = await findUserByEmail(db, email);
    }
  }
  if (!person) throw new SsoRefusal('deactivated');
  try {
    await addMember(db, { accountId, userId: person.id, role: connection.defaultRole });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  await auditSso(db, {
    actorUserId: person.id,
    accountId,
    ip: who.ip,
    action: 'sso.joined',
    objectType: 'user',
    objectId: person.id,
    outcome: 'success',
    details: { role: connection.defaultRole, protocol: connection.protocol },
  });
  return person.id;
}
