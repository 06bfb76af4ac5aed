import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { usedTotpCodes } from './schema';

/**
 * How long an authenticator code stays acceptable: its 30 s step plus one step of clock drift either side, with a
 * margin. A code seen within this window is a replay.
 */
const REPLAY_WINDOW_SECONDS = 180;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Records that `code` was just accepted for this person. False when it had already been accepted within the window:
 * the caller must then refuse it, so that one code signs in once only (Better Auth checks a code's validity, not
 * whether it was used).
 */
export async function claimTotpCode(db: Database, userId: string, code: string): Promise<boolean> {
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, codeHash: hashOf(code) })
    .onConflictDoUpdate({
      target: [usedTotpCodes.userId, usedTotpCodes.codeHash],
      set: { usedAt: sql`now()` },
      setWhere: sql`${usedTotpCodes.usedAt} < now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS})`,
    })
    .returning({ userId: usedTotpCodes.userId });
  return claimed.length === 1;
}

/** Whether `code` was already accepted for this person within the window (checked before spending a sign-in step). */
export async function wasTotpCodeUsed(db: Database, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ userId: usedTotpCodes.userId })
    .from(usedTotpCodes)
    .where(
      and(
        eq(usedTotpCodes.userId, userId),
        eq(usedTotpCodes.codeHash, hashOf(code)),
        gt(usedTotpCodes.usedAt, sql`now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS})`),
      ),
    );
  return rows.length > 0;
}

/** Drops the codes too old to be replayed (run with the hourly purge of verification tokens). */
export async function purgeUsedTotpCodes(db: Database): Promise<number> {
  const removed = await db
    .delete(usedTotpCodes)
    .where(lt(usedTotpCodes.usedAt, sql`now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS})`))
    .returning({ userId: usedTotpCodes.userId });
  return removed.length;
}
