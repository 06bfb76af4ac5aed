import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { Auth } from './auth';
import { authCredentials, sessions, users } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What other capabilities change about a person: their name, password and sessions, or the person whole. */
export async function renamePerson(db: Database, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Changes a person's address (as stored: trimmed, lower-case), which was checked to be free. */
export async function setEmail(db: Database | Tx, userId: string, email: string): Promise<void> {
  await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Every session of the person ends (signed out everywhere). */
export async function endSessionsOf(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Turns a person's sign-in off, or on again: Better Auth's ban, which refuses every new session (any sign-in method
 * that makes one through Better Auth), and which the sign-in link, the e-mail doors and /v1 keys already honour. Turned
 * off, their sessions end. `reason` says who turned it off, and only the same reason turns it on again.
 */
export async function setSignInAllowed(db: Database | Tx, userId: string, allowed: boolean, reason: string): Promise<void> {
  if (allowed) {
    await db
      .update(users)
      .set({ banned: false, banReason: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.banReason, reason)));
    return;
  }
  await db.update(users).set({ banned: true, banReason: reason, updatedAt: new Date() }).where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Sets a person's password (hashed as Better Auth hashes it); a person without one yet gets one. */
export async function setPassword(deps: { auth: Auth; db: Database }, userId: string, password: string): Promise<void> {
  const context = await deps.auth.$context;
  const hash = await context.password.hash(password);
  const updated = await deps.db
    .update(authCredentials)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(authCredentials.userId, userId), eq(authCredentials.providerId, 'credential')))
    .returning({ id: authCredentials.id });
  // A person without a password yet (none today, but a later sign-in method could make one) gets one.
  if (updated.length === 0)
    await context.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
}

/** Deletes people for good; their sessions, credentials and second factors go with them (the tables cascade). */
export async function deletePeople(db: Database | Tx, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await db.delete(users).where(inArray(users.id, userIds));
}

/** `%` and `_` in a searched text are meant literally, not as LIKE wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The ids of everyone whose e-mail address or name holds the text (the audit viewer's person filter). */
export async function idsOfPeopleMatching(db: Database, text: string): Promise<string[]> {
  const pattern = containing(text);
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.email, pattern), ilike(users.name, pattern)));
  return found.map((row) => row.id);
}

/** The address, name and language of each of these people who still exists. */
export async function peopleNamed(
  db: Database,
  ids: string[],
): Promise<Array<{ id: string; email: string; name: string; language: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
}

/** A person's e-mail address and whether they may sign in, by address or username (as sign-in takes either). */
export async function personSigningIn(db: Database, identifier: string): Promise<{ id: string; email: string; banned: boolean } | null> {
  const name = identifier.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, email: users.email, banned: users.banned })
    .from(users)
    .where(name.includes('@') ? eq(users.email, name) : eq(users.username, name));
  return row ? { ...row, banned: row.banned === true } : null;
}

/**
 * Whether each of these people must set up two-factor sign-in because their account requires it (decision 109): the
 * account's policy, kept on the person so that every request knows it from the session alone.
 */
export async function setTwoFactorRequiredByAccount(db: Database | Tx, userIds: string[], required: boolean): Promise<void> {
  if (userIds.length > 0)
    await db.update(users).set({ twoFactorRequiredByAccount: required, updatedAt: new Date() }).where(inArray(users.id, userIds));
}
