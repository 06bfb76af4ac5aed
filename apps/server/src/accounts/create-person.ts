import type { TGivenRole, TLanguage } from '@faxline/shared';
import type { Auth } from '../auth/auth';
import { assertPasswordAllowed } from '../auth/password-rules';
import { passwordMinLengthOf } from './security-policy';
import { createLogin, hashPassword, usernameTaken } from '../auth/logins';
import { findUserByEmail } from '../auth/verify-password';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { AccountLifecycle } from './account-lifecycle';
import { createOwnerAccount } from './create-owner-account';
import { addMember } from './membership';

/** Better Auth, the database, and what an account's opening takes from above (a person may get their own). */
export type PersonDeps = { auth: Auth; db: Database; lifecycle: Pick<AccountLifecycle, 'opened'> };

export type NewPerson = {
  name: string;
  email: string;
  password: string;
  platformRole?: 'user' | 'admin';
  username?: string;
  language?: TLanguage;
  /** People created by an operator (or the seed) have a known address; people who sign up confirm theirs. */
  emailVerified?: boolean;
  /** Their own new account as its owner (the default), or a place in an existing one. */
  account?: 'own' | { join: string; role: TGivenRole };
  twoFactorSetupRequired?: boolean;
};

/**
 * Creates a person with a password, outside the sign-up form: `npm run admin:create`, the demo seed, tests and, later,
 * the back office. The same rules apply as at sign-up (unique address, no common password, Better Auth's hashing);
 * the creation hooks run too, so the person gets their account.
 */
export async function createPerson(deps: PersonDeps, person: NewPerson): Promise<{ id: string; accountId: string }> {
  const { password, ...rest } = person;
  const account = person.account;
  // The account the person joins may ask for a longer password than the platform (decision 109).
  assertPasswordAllowed(password, account && account !== 'own' ? await passwordMinLengthOf(deps.db, account.join) : undefined);
  return createPersonWithHash(deps, { ...rest, passwordHash: await hashPassword(deps.auth, password) });
}

/**
 * `createPerson` with a password already hashed by `hashPassword` (and checked when it was chosen), or with none: a
 * person provisioned by their organisation's identity provider signs in through it (decision 107).
 */
export async function createPersonWithHash(
  deps: PersonDeps,
  person: Omit<NewPerson, 'password'> & { passwordHash?: string },
): Promise<{ id: string; accountId: string }> {
  const email = person.email.trim().toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw new AppError('conflict', 'errors.emailTaken');
  if (person.username && (await usernameTaken(deps.db, person.username))) throw new AppError('conflict', 'errors.usernameTaken');
  const { account = 'own', ...login } = person;
  const user = await createLogin(deps.auth, { ...login, email });
  if (account === 'own') return { id: user.id, accountId: await createOwnerAccount(deps, user) };
  await addMember(deps.db, { accountId: account.join, userId: user.id, role: account.role });
  return { id: user.id, accountId: account.join };
}
