import { and, eq, sql } from 'drizzle-orm';
import type { CallOutcome, CallStart } from '../lines/fax-line';
import type { Database } from '../platform/db/client';
import { DEFAULT_SETTINGS, learnFromCall, startOf, type LearnedSettings } from './learn';
import { lineProfiles, type LineProfileRow } from './schema';

type Db = Pick<Database, 'insert' | 'update'>;

/** The settings a profile learns from: the row's own, or a new number's defaults. */
function settingsOf(profile: LineProfileRow | null): LearnedSettings {
  if (!profile) return DEFAULT_SETTINGS;
  const { toNumber: _key, createdAt: _created, updatedAt: _updated, ...settings } = profile;
  return settings;
}

/**
 * Learns from one attempt's outcome (faxes/end-attempt.ts calls it in the transaction that ends the attempt, which read
 * the number's profile as `seen`, null when it had none). One statement writes what was learned while the profile is
 * still as seen: made if there was none, updated if its count of calls is unchanged. Otherwise (another call to the
 * number was learned meanwhile, or the profile was reset) it is learned from again as it is now, locked while it is read
 * and written: two calls ending at once both count, and a reset is never undone.
 */
export async function recordCallToProfile(
  db: Db,
  call: { toNumber: string; line: string; outcome: CallOutcome },
  seen: LineProfileRow | null,
): Promise<void> {
  const learned = learnFromCall(settingsOf(seen), call);
  const written = seen
    ? await db
        .update(lineProfiles)
        .set({ ...learned, updatedAt: sql`now()` })
        .where(and(eq(lineProfiles.toNumber, call.toNumber), eq(lineProfiles.calls, seen.calls)))
        .returning({ toNumber: lineProfiles.toNumber })
    : await db
        .insert(lineProfiles)
        .values({ toNumber: call.toNumber, ...learned })
        .onConflictDoNothing()
        .returning({ toNumber: lineProfiles.toNumber });
  if (written.length === 0) await recordCallToLockedProfile(db, call);
}

/** The same, from the profile as it is now: made if it is new, locked and read (an upsert that changes nothing locks it). */
async function recordCallToLockedProfile(db: Db, call: { toNumber: string; line: string; outcome: CallOutcome }): Promise<void> {
  const [now] = await db
    .insert(lineProfiles)
    .values({ toNumber: call.toNumber })
    .onConflictDoUpdate({ target: lineProfiles.toNumber, set: { toNumber: sql`excluded.to_number` } })
    .returning();
  if (!now) return;
  await db
    .update(lineProfiles)
    .set({ ...learnFromCall(settingsOf(now), call), updatedAt: sql`now()` })
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
