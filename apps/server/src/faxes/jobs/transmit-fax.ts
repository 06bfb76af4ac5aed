import { CARRIERS, type TCarrierRoute } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type { CallOutcome, FaxLine, HandedOver } from '../../lines/fax-line';
import { lineAfter } from '../../lines/carriers/routes';
import { chooseLine, lineNamed } from '../../lines/lines';
import { inTransaction } from '../../platform/db/transaction';
import { defineJob, type JobDeps } from '../../job-deps';
import { carrierDeadlineJob } from './carrier-deadline';
import { giveUpFaxJob } from './give-up-fax';
import { transmitFaxAddress } from './transmit-fax-address';
import { endAttempt } from '../end-attempt';
import { loadFax, moveFax } from '../fax-state';
import { lineIdentityOf } from '../line-identity';
import { faxLineEnds } from '../line-ends';
import { linesInForce } from '../../lines/lines-in-force';
import { faxAttempts } from '../schema';
import { learnedStart } from '../../line-profiles/record-call';
import { clock } from '../../platform/clock';
import { handTurnOn, takeDestinationSlot, waitForTurn } from '../destination-turns';

/**
 * One try to deliver a fax over its line (DESIGN.md "Fax lines"), recorded as an attempt; a failure is retried by
 * its class. Crash-safe: the attempt row is written before the call, so a job run again after a worker died closes
 * the unfinished attempt as a line error and goes on by the retry policy, instead of calling a second time blind.
 */
export const transmitFaxJob = defineJob({
  ...transmitFaxAddress,
  // Longer than the longest call: a job whose worker died is picked up again after this.
  queue: { retryLimit: 3, retryDelay: 30, expireInSeconds: 45 * 60, deadLetter: giveUpFaxJob.name },
  // Calls wait on the line, not the processor: many at once; one fax is never dialled twice at once.
  concurrency: (config) => config.lineConcurrency,
  exclusiveKey: ({ faxId }) => faxId,
  handler: async ({ faxId, attempt }, deps) => {
    const { db, queue, config, logger } = deps;
    const fax = await loadFax(db, faxId);
    if (!fax || fax.status !== 'sending') return;
    // The fax's tries so far, read once: they stay as they are while this run holds the fax's key.
    const tries = await db
      .select({
        number: faxAttempts.number,
        line: faxAttempts.line,
        result: faxAttempts.result,
        firstPage: faxAttempts.firstPage,
        pagesSent: faxAttempts.pagesSent,
        endedAt: faxAttempts.endedAt,
      })
      .from(faxAttempts)
      .where(eq(faxAttempts.faxId, faxId));
    // A run for a try already made (a turn handed over and the fax's own fallback look both queue one): nothing to do.
    if (tries.filter((try_) => try_.endedAt !== null).length >= attempt) return;

    // One call at a time to a number (config DESTINATION_CALL_LIMIT): a broadcast does not make a busy fax machine
    // busier, and faxes to one number take turns rather than spend their tries on each other (destination-turns.ts).
    const slot = await takeDestinationSlot(deps.holdLock, fax.toNumber, config.destinationCallLimit);
    if (!slot) {
      if (await waitForTurn({ db, queue, clockScale: config.faxClockScale }, faxId, attempt))
        logger.info({ faxId, attempt, toNumber: fax.toNumber }, 'another call to this number is on the line; waiting for it');
      return;
    }
    try {
      await tryToDeliver(deps, fax, faxId, attempt, tries);
    } finally {
      await deps.releaseLock?.(slot);
      await handTurnOn({ db, queue, logger }, fax.toNumber);
    }
  },
});

/** The try itself, on the destination slot it holds: recorded as an attempt before the call, ended by its outcome. */
async function tryToDeliver(
  { db, files, queue, config, systemSettings, logger }: JobDeps,
  fax: NonNullable<Awaited<ReturnType<typeof loadFax>>>,
  faxId: string,
  attempt: number,
  tries: readonly EarlierTry[],
) {
  const inForce = await linesInForce({ config, systemSettings });
  const line = await lineOfTry(inForce.faxLines(faxLineEnds({ db, files })), inForce.carriers.routes, fax, attempt, tries);
  const firstPage = firstUnconfirmedPage(attempt, fax.pages, tries);
  const inserted = await db
    .insert(faxAttempts)
    .values({ faxId, number: attempt, line: line.name, firstPage })
    .onConflictDoNothing()
    .returning();

  let outcome: CallOutcome | HandedOver;
  if (inserted.length === 0) {
    const [previous] = await db
      .select()
      .from(faxAttempts)
      .where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.number, attempt)));
    if (previous?.endedAt) return; // this attempt has been made and followed up already
    if (previous?.carrierFaxId) return; // a carrier has it: its webhooks (or the deadline) end it
    if (previous && isCarrier(previous.line)) {
      // Killed while handing the fax to a carrier (decision 056): the carrier may have it, and its webhooks name the
      // try. They end it; if none comes by the deadline, a line error does, and only then does another try go.
      await queue.send(
        carrierDeadlineJob,
        { faxId, attempt },
        { dedupeKey: `${faxId}:${attempt}`, startAfter: carrierDeadlineOf(config.faxClockScale) },
      );
      logger.warn({ faxId, attempt, line: previous.line }, 'an earlier run died handing the fax to a carrier; waiting for its webhooks');
      return;
    }
    // The call dropped with its worker: a line error to the far end, but not the line's doing (decision 081).
    logger.warn({ faxId, attempt }, 'an earlier run of this attempt died mid-call; ending it as interrupted');
    const cut = { result: 'line_quality', pagesSent: 0, firstPage: previous?.firstPage ?? 1, durationMs: 0 } as const;
    await endAttempt({ db, files, queue, config }, { faxId, attempt, language: fax.language, interrupted: true }, cut);
    return;
  } else {
    // The try begins: no longer waiting for it. A fax canceled while it waited is not called; the attempt goes.
    if (!(await moveFax(db, faxId, ['sending'], 'sending', { line: line.name, nextTryAt: null }))) {
      await db.delete(faxAttempts).where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.number, attempt)));
      return;
    }
    // From what worked to the number before (decision 120): after a failed training, a slower modem, never the same.
    const start = await learnedStart(db, fax.toNumber);
    outcome = await line.call({ ...fax, ...(await lineIdentityOf(db, fax)) }, { attempt, firstPage, ...(start ? { start } : {}) });
  }

  if ('handedOver' in outcome) {
    // The carrier has it: its webhooks end this try (decision 056); past the deadline, a line error ends it.
    await inTransaction(db, async (tx, client) => {
      await tx
        .update(faxAttempts)
        .set({ carrierFaxId: outcome.carrierFaxId })
        .where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.number, attempt)));
      await queue.send(
        carrierDeadlineJob,
        { faxId, attempt },
        { transaction: client, dedupeKey: `${faxId}:${attempt}`, startAfter: carrierDeadlineOf(config.faxClockScale) },
      );
    });
    logger.info({ faxId, attempt, line: line.name, carrierFaxId: outcome.carrierFaxId }, 'fax handed to the carrier');
    return;
  }
  logger.info({ faxId, attempt, line: line.name, result: outcome.result, detail: outcome.detail }, 'fax attempt ended');
  await endAttempt({ db, files, queue, config }, { faxId, attempt, language: fax.language }, outcome);
}

/**
 * The line a try goes out on: the line chosen when the fax was accepted for the first (faxes accepted before lines
 * were recorded: chosen now, by the same rule); after that the line of the try before, or the route's other carrier
 * after a line error on one (failover, lines/carriers/routes.ts).
 */
async function lineOfTry(
  lines: FaxLine[],
  routes: TCarrierRoute[],
  fax: { line: string | null; toNumber: string },
  attempt: number,
  tries: readonly EarlierTry[],
): Promise<FaxLine> {
  if (!fax.line) return chooseLine(lines, fax.toNumber);
  const previous = tries.find((try_) => try_.number === attempt - 1);
  return lineNamed(lines, previous?.line ? lineAfter(routes, fax.toNumber, previous) : fax.line);
}

/** A try of the fax as the next one reads it. */
type EarlierTry = Pick<typeof faxAttempts.$inferSelect, 'number' | 'line' | 'result' | 'firstPage' | 'pagesSent' | 'endedAt'>;

const isCarrier = (line: string) => (CARRIERS as readonly string[]).includes(line);

/** How long a carrier may take to report a fax's end before the try is counted as a line error (on the fax clock). */
const CARRIER_DEADLINE_MS = 60 * 60_000;
const MIN_CARRIER_DEADLINE_MS = 5_000;
const carrierDeadlineOf = (clockScale: number) =>
  new Date(clock.now().getTime() + Math.max(MIN_CARRIER_DEADLINE_MS, Math.round(CARRIER_DEADLINE_MS * clockScale)));

/**
 * Where this try begins: after the pages earlier tries of the fax had confirmed (as HylaFAX does, a retry does not send
 * a confirmed page again). Every page confirmed, yet the fax not delivered (the pixels were wrong, say): all again.
 */
function firstUnconfirmedPage(attempt: number, pages: number | null, tries: readonly EarlierTry[]): number {
  const earlier = tries.filter((try_) => try_.number < attempt);
  const confirmed = Math.max(0, ...earlier.map((try_) => try_.firstPage - 1 + try_.pagesSent));
  return pages !== null && confirmed < pages ? confirmed + 1 : 1;
}
