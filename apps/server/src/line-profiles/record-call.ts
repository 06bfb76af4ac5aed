import { eq, sql } from 'drizzle-orm';
import type { CallOutcome, CallStart } from '../lines/fax-line';
import type { Database } from '../platform/db/client';
import { learnFromCall, startOf } from './learn';
import { lineProfiles } from './schema';

type Db = Pick<Database, 'insert' | 'update'>;

/**
 * Learns from one attempt's outcome (faxes/end-attempt.ts calls it in the transaction that ends the attempt). The row
 * is locked while it is read and written: two calls to one number ending at once both count. One statement makes the
 * row if it is new, locks it and reads it (an upsert that changes nothing locks the row as an update does).
 */
export async function recordCallToProfile(db: Db, call: { toNumber: string; line: string; outcome: CallOutcome }): Promise<void> {
  const [before] = await db
    .insert(lineProfiles)
    .values({ toNumber: call.toNumber })
    .onConflictDoUpdate({ target: lineProfiles.toNumber, set: { toNumber: sql`excluded.to_number` } })
    .returning();
  if (!before) return;
  const { toNumber: _key, createdAt: _created, updatedAt: _updated, ...settings } = before;
  await db
    .update(lineProfiles)
    .set({ ...learnFromCall(settings, call), updatedAt: sql`now()` })
    .where(eq(lineProfiles.toNumber, call.toNumber));
}

/** The learned start of a call to the number; undefined when nothing is known (the line's own defaults then). */
export async function learnedStart(db: Pick<Database, 'select'>, toNumber: string): Promise<CallStart | undefined> {
  const [profile] = await db
    .select({ startModem: lineProfiles.startModem, ecm: lineProfiles.ecm })
    .from(lineProfiles)
    .where(eq(lineProfiles.toNumber, toNumber));
  return profile ? startOf(profile) : undefined;
}
