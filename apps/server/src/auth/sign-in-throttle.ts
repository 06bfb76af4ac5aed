import { eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { Auth } from './auth';
import { knownDeviceOf, rememberDevice } from './known-device';
import { signInThrottles, users } from './schema';

/** Failures allowed from one address (or one known device) before any wait; each one after them doubles the wait. */
export const FREE_FAILURES = 4;
/**
 * Failures allowed against one person from all addresses together: many more, since a stranger can spend them, and
 * they slow only sign-ins from browsers the person has not signed in from before.
 */
export const ACCOUNT_FREE_FAILURES = 20;
const FIRST_WAIT_SECONDS = 15;
const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 24 * 3600 * 1000;

export function waitSecondsAfter(failures: number, free = FREE_FAILURES): number {
  if (failures <= free) return 0;
  return Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - free - 1), MAX_WAIT_SECONDS);
}

type Counter = { key: string; free: number };

/** The person an identifier names (e-mail with `@`, otherwise username), so that both count as one; or the text. */
async function subjectOf(db: Database, identifier: string): Promise<{ userId: string | null; subject: string }> {
  const name = identifier.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(name.includes('@') ? sql`lower(${users.email}) = ${name}` : eq(users.username, name));
  return user ? { userId: user.id, subject: `user:${user.id}` } : { userId: null, subject: `name:${name}` };
}

/**
 * The delays in front of a password check (docs/decisions/024). Failures count per (person, address) with the steep
 * curve, and per person across all addresses with a generous one, so that a guesser spread over many addresses is
 * slowed; a browser that has signed in as the person before (a known device) counts apart, on its own steep curve.
 * A stranger can thus delay only their own address and new browsers, never the person's own browsers.
 */
export async function openSignInGate(deps: { auth: Auth; db: Database; secure: boolean }, request: FastifyRequest, identifier: string) {
  const { db } = deps;
  const { secret } = await deps.auth.$context;
  const { userId, subject } = await subjectOf(db, identifier);
  const device = userId ? knownDeviceOf(request, { secret, secure: deps.secure, userId }) : null;
  const counters: Counter[] = device
    ? [{ key: `device:${device}:${subject}`, free: FREE_FAILURES }]
    : [
        { key: `address:${request.ip}:${subject}`, free: FREE_FAILURES },
        { key: `account:${subject}`, free: ACCOUNT_FREE_FAILURES },
      ];
  const keys = counters.map((c) => c.key);

  return {
    /** Refuses the attempt (429, how long is left) while any of its counters is waiting out its delay. */
    async assertAllowed(now = new Date()): Promise<void> {
      const rows = await db.select().from(signInThrottles).where(inArray(signInThrottles.identifier, keys));
      const until = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
      if (until > now.getTime()) {
        throw new AppError('rate_limited', 'errors.tooManySignInAttempts', { seconds: Math.ceil((until - now.getTime()) / 1000) });
      }
    },
    async recordFailure(now = new Date()): Promise<void> {
      for (const counter of counters) await countFailure(db, counter, now);
    },
    /** Forgets this address's (or device's) failures and makes the browser known for the person. */
    async recordSuccess(reply: FastifyReply): Promise<void> {
      await db.delete(signInThrottles).where(eq(signInThrottles.identifier, keys[0]!));
      if (userId) rememberDevice(request, reply, { secret, secure: deps.secure, userId });
    },
  };
}

/** Counts a failure atomically (two requests at once both count) and sets the next wait. */
async function countFailure(db: Database, { key, free }: Counter, now: Date): Promise<void> {
  const [row] = await db
    .insert(signInThrottles)
    .values({ identifier: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.identifier,
      // Failures older than a day are forgotten: the count starts again.
      set: {
        failures: sql`CASE WHEN ${signInThrottles.updatedAt} < ${new Date(now.getTime() - FORGET_AFTER_MS)} THEN 1 ELSE ${signInThrottles.failures} + 1 END`,
        updatedAt: now,
      },
    })
    .returning({ failures: signInThrottles.failures });
  const wait = waitSecondsAfter(row?.failures ?? 1, free);
  if (wait > 0) {
    await db
      .update(signInThrottles)
      .set({ lockedUntil: new Date(now.getTime() + wait * 1000) })
      .where(eq(signInThrottles.identifier, key));
  }
}

/** Forgets every sign-in failure counted against a person (from any address or device). */
export async function forgetSignInFailures(db: Database, userId: string): Promise<void> {
  await db.delete(signInThrottles).where(like(signInThrottles.identifier, `%:user:${userId}`));
}
