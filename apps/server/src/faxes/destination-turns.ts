import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { JobRun, Queue } from '../platform/queue/define-job';
import type { Database } from '../platform/db/client';
import type { Logger } from '../platform/logger';
import { clock } from '../platform/clock';
import { moveFax } from './fax-state';
import { transmitFaxAddress } from './jobs/transmit-fax-address';
import { faxAttempts, faxes } from './schema';

// Calls to one number take turns (config DESTINATION_CALL_LIMIT, decision 097): a fax whose number is
// on the line waits, and the call that frees the number hands the turn to the fax that has waited longest. Before,
// each waiting fax looked again every few seconds of the fax clock: a 500-fax run to two numbers made 17 tries' jobs
// per fax, most of them finding the number still taken.

/**
 * How long a waiting fax sleeps before it looks again by itself, on the fax clock: only for a turn whose hand-over
 * was lost (the worker ending the call before it died). The hand-over wakes it at once otherwise.
 */
const TURN_FALLBACK_MS = 60_000;
const MIN_TURN_FALLBACK_MS = 10_000;

/** One of the destination's call slots, held for the rest of this run, or null when calls on the line hold them all. */
export async function takeDestinationSlot(holdLock: JobRun['holdLock'], toNumber: string, limit: number): Promise<string | null> {
  if (!holdLock) throw new Error('faxes.transmit runs with an exclusive key, and so with its own lock connection');
  for (let slot = 0; slot < limit; slot += 1) {
    const name = `destination:${toNumber}:${slot}`;
    if (await holdLock(name)) return name;
  }
  return null;
}

/**
 * The fax waits for its turn: said on the fax (with no retry reason: it is not a retry), so that the sender may cancel
 * it meanwhile, and its try queued again for the fallback time. False when the fax is no longer being sent.
 */
export async function waitForTurn(
  deps: { db: Database; queue: Queue; clockScale: number },
  faxId: string,
  attempt: number,
): Promise<boolean> {
  const nextTryAt = new Date(clock.now().getTime() + Math.max(MIN_TURN_FALLBACK_MS, Math.round(TURN_FALLBACK_MS * deps.clockScale)));
  if (!(await moveFax(deps.db, faxId, ['sending'], 'sending', { nextTryAt, retryReason: null }))) return false;
  await deps.queue.send(transmitFaxAddress, { faxId, attempt }, { startAfter: nextTryAt });
  return true;
}

/**
 * After a call to `toNumber` has ended and its slot is given back: the fax that has waited longest for that number
 * tries now. A lost hand-over costs only the wait until the fax's own fallback look.
 */
export async function handTurnOn(deps: { db: Database; queue: Queue; logger: Logger }, toNumber: string): Promise<void> {
  try {
    const [next] = await deps.db
      .select({ id: faxes.id })
      .from(faxes)
      .where(and(eq(faxes.toNumber, toNumber), eq(faxes.status, 'sending'), isNotNull(faxes.nextTryAt), isNull(faxes.retryReason)))
      .orderBy(asc(faxes.nextTryAt))
      .limit(1);
    if (!next) return;
    // Its next try: a waiting fax has ended all its tries so far (a try under way takes its wait away).
    const attempt = (await attemptsEnded(deps.db, next.id)) + 1;
    await deps.queue.send(transmitFaxAddress, { faxId: next.id, attempt });
  } catch (error) {
    deps.logger.warn({ err: error, toNumber }, 'could not hand the turn on; the waiting fax looks again by itself');
  }
}

/** How many of a fax's tries have ended. */
export async function attemptsEnded(db: Database, faxId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(faxAttempts)
    .where(and(eq(faxAttempts.faxId, faxId), isNotNull(faxAttempts.endedAt)));
  return row?.n ?? 0;
}
