import { randomUUID } from 'node:crypto';
import type { TGivenRole, TLanguage } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { createOwnerAccount } from '../accounts/create-owner-account';
import { accountMembers } from '../accounts/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { Auth } from './auth';
import { isCommonPassword } from './common-passwords';
import { users } from './schema';
import { findUserByEmail } from './verify-password';

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
export async function createPerson(deps: { auth: Auth; db: Database }, person: NewPerson): Promise<{ id: string; accountId: string }> {
  const { password, ...rest } = person;
  if (isCommonPassword(password)) throw new AppError('invalid_request', 'validation.passwordTooCommon');
  return createPersonWithHash(deps, { ...rest, passwordHash: await hashPassword(deps.auth, password) });
}

/** A password as Better Auth keeps it (scrypt): for a person created later from what was decided now (an invitation). */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/** `createPerson` with a password already hashed by `hashPassword` (and checked when it was chosen). */
export async function createPersonWithHash(
  deps: { auth: Auth; db: Database },
  person: Omit<NewPerson, 'password'> & { passwordHash: string },
): Promise<{ id: string; accountId: string }> {
  const email = person.email.trim().toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw new AppError('conflict', 'errors.emailTaken');
  if (person.username && (await usernameTaken(deps.db, person.username))) throw new AppError('conflict', 'errors.usernameTaken');
  const context = await deps.auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      name: person.name,
      email,
      emailVerified: person.emailVerified ?? true,
      role: person.platformRole ?? 'user',
      language: person.language ?? 'en',
      twoFactorSetupRequired: person.twoFactorSetupRequired ?? false,
      ...(person.username ? { username: person.username.toLowerCase(), displayUsername: person.username } : {}),
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: person.passwordHash });
  const account = person.account ?? 'own';
  if (account === 'own') return { id: user.id, accountId: await createOwnerAccount(deps.db, user) };
  await deps.db.insert(accountMembers).values({ id: randomUUID(), organizationId: account.join, userId: user.id, role: account.role });
  return { id: user.id, accountId: account.join };
}

/** Whether a person already signs in with this username (usernames are compared in lower case). */
export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.username, username.toLowerCase()))).length > 0;
}

export async function setPlatformRole(db: Database, userId: string, role: 'user' | 'admin'): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}
