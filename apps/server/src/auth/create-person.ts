import type { TLanguage } from '@faxline/shared';
import { eq } from 'drizzle-orm';
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
};

/**
 * Creates a person with a password, outside the sign-up form: `npm run admin:create`, the demo seed, tests and, later,
 * the back office. The same rules apply as at sign-up (unique address, no common password, Better Auth's hashing);
 * the creation hooks run too, so the person gets their account.
 */
export async function createPerson(deps: { auth: Auth; db: Database }, person: NewPerson): Promise<{ id: string }> {
  const email = person.email.trim().toLowerCase();
  if (isCommonPassword(person.password)) throw new AppError('invalid_request', 'validation.passwordTooCommon');
  if (await findUserByEmail(deps.db, email)) throw new AppError('conflict', 'errors.emailTaken');
  const context = await deps.auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      name: person.name,
      email,
      emailVerified: person.emailVerified ?? true,
      role: person.platformRole ?? 'user',
      language: person.language ?? 'en',
      ...(person.username ? { username: person.username.toLowerCase(), displayUsername: person.username } : {}),
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(person.password),
  });
  return { id: user.id };
}

export async function setPlatformRole(db: Database, userId: string, role: 'user' | 'admin'): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}
