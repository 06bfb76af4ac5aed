import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { adminStepUps } from './schema';

/** Back-office access lapses after this long without an admin request (DESIGN.md). */
export const STEP_UP_IDLE_MS = 30 * 60 * 1000;

export async function grantStepUp(db: Database, sessionId: string, now = new Date()): Promise<Date> {
  await db
    .insert(adminStepUps)
    .values({ sessionId, verifiedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: adminStepUps.sessionId, set: { verifiedAt: now, lastSeenAt: now } });
  return new Date(now.getTime() + STEP_UP_IDLE_MS);
}

/** Extends a current step-up and returns its new end, or null when there is none or it has lapsed. */
export async function touchStepUp(db: Database, sessionId: string, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .update(adminStepUps)
    .set({ lastSeenAt: now })
    .where(and(eq(adminStepUps.sessionId, sessionId), gt(adminStepUps.lastSeenAt, new Date(now.getTime() - STEP_UP_IDLE_MS))))
    .returning({ sessionId: adminStepUps.sessionId });
  return row ? new Date(now.getTime() + STEP_UP_IDLE_MS) : null;
}

export async function endStepUp(db: Database, sessionId: string): Promise<void> {
  await db.delete(adminStepUps).where(eq(adminStepUps.sessionId, sessionId));
}
