import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { Auth } from './auth';
import { authCredentials, users } from './schema';

/** A hash of a random password: verifying against it costs what a real check costs, so timing tells nothing. */
let decoyHash: Promise<string> | undefined;

/** Checks a person's password with Better Auth's own hashing, without creating a session. */
export async function verifyPassword(deps: { auth: Auth; db: Database }, userId: string | undefined, password: string): Promise<boolean> {
  const context = await deps.auth.$context;
  const [credential] = userId
    ? await deps.db
        .select({ hash: authCredentials.password })
        .from(authCredentials)
        .where(and(eq(authCredentials.userId, userId), eq(authCredentials.providerId, 'credential')))
    : [];
  if (!credential?.hash) {
    decoyHash ??= context.password.hash(crypto.randomUUID());
    await context.password.verify({ hash: await decoyHash, password });
    return false;
  }
  return context.password.verify({ hash: credential.hash, password });
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}
