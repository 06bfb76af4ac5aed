import type { TLanguage } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { Auth } from './auth';
import { users } from './schema';

/** A person as a login: who they are and how they sign in (the account they belong to is the accounts' business). */
export type NewLogin = {
  name: string;
  email: string;
  /** None for a person who signs in only through their organisation's identity provider (SCIM, single sign-on). */
  passwordHash?: string;
  platformRole?: 'user' | 'admin';
  username?: string;
  language?: TLanguage;
  emailVerified?: boolean;
  twoFactorSetupRequired?: boolean;
};

/** A password as Better Auth keeps it (scrypt): for a person created later from what was decided now (an invitation). */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/**
 * Creates the person and their password (if any) through Better Auth (its hooks run), for a person made by someone
 * else than the sign-up form. `email` is as it will be stored (trimmed, lower-case), and was checked to be free.
 */
export async function createLogin(auth: Auth, login: NewLogin): Promise<{ id: string; name: string; email: string }> {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      name: login.name,
      email: login.email,
      emailVerified: login.emailVerified ?? true,
      role: login.platformRole ?? 'user',
      language: login.language ?? 'en',
      twoFactorSetupRequired: login.twoFactorSetupRequired ?? false,
      ...(login.username ? { username: login.username.toLowerCase(), displayUsername: login.username } : {}),
    },
    { method: 'admin' },
  );
  if (login.passwordHash !== undefined)
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: login.passwordHash,
    });
  return user;
}

/** Whether a person already signs in with this username (usernames are compared in lower case). */
export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.username, username.toLowerCase()))).length > 0;
}

export async function setPlatformRole(db: Database, userId: string, role: 'user' | 'admin'): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}
