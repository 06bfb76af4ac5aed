import { eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { signInThrottles } from './schema';

/** Failures allowed before any wait; each failure after them doubles the wait, up to the cap. */
export const FREE_FAILURES = 4;
const FIRST_WAIT_SECONDS = 15;
const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 24 * 3600 * 1000;

export function waitSecondsAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES - 1), MAX_WAIT_SECONDS);
}

const key = (identifier: string) => identifier.trim().toLowerCase();

/** Refuses a sign-in while the identifier is waiting out its delay; says how long is left. */
export async function assertSignInAllowed(db: Database, identifier: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select()
    .from(signInThrottles)
    .where(eq(signInThrottles.identifier, key(identifier)));
  if (row?.lockedUntil && row.lockedUntil > now) {
    throw new AppError('rate_limited', 'errors.tooManySignInAttempts', {
      seconds: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000),
    });
  }
}

/** Counts a failure atomically (two requests at once both count) and sets the next wait. */
export async function recordSignInFailure(db: Database, identifier: string, now = new Date()): Promise<void> {
  const [row] = await db
    .insert(signInThrottles)
    .values({ identifier: key(identifier), failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.identifier,
      // Failures older than a day are forgotten: the count starts again.
      set: {
        failures: sql`CASE WHEN ${signInThrottles.updatedAt} < ${new Date(now.getTime() - FORGET_AFTER_MS)} THEN 1 ELSE ${signInThrottles.failures} + 1 END`,
        updatedAt: now,
      },
    })
    .returning({ failures: signInThrottles.failures });
  const wait = waitSecondsAfter(row?.failures ?? 1);
  if (wait > 0) {
    await db
      .update(signInThrottles)
      .set({ lockedUntil: new Date(now.getTime() + wait * 1000) })
      .where(eq(signInThrottles.identifier, key(identifier)));
  }
}

export async function clearSignInFailures(db: Database, identifier: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.identifier, key(identifier)));
}
