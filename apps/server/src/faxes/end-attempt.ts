import type { TFaxFailureReason, TLanguage } from '@faxline/shared';
import { and, count, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { CallOutcome } from '../lines/fax-line';
import { countedTries, nextTryAfter, UNCOUNTED_INTERRUPTIONS } from '../lines/retry-policy';
import { inTransaction } from '../platform/db/transaction';
import { isMessageKey, translator } from '../platform/i18n/i18n';
import type { JobDeps } from '../job-deps';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { billUsageChargeAddress } from '../billing/bill-usage-charge-job';
import { emailQuotaNotices } from '../billing/quota-emails';
import { chargeFaxPages } from './charge-pages';
import { failFax, moveFax } from './fax-state';
import { transmitFaxAddress } from './jobs/transmit-fax-address';
import { faxAttempts, faxes } from './schema';
import { recordCallToProfile } from '../line-profiles/record-call';
import { lineProfiles } from '../line-profiles/schema';
import { announcedStationOf, recordAnsweringStation } from './station-check';
import { clock } from '../platform/clock';

export type AttemptDeps = Pick<JobDeps, 'db' | 'files' | 'queue' | 'config'>;

/**
 * Ends a try with its outcome, once (decision 056: the call's own end, or a carrier's webhook): the attempt's end,
 * the fax's new state and the next try are recorded together, and only while the attempt is open, so that a run
 * that dies after this commit, or a second report of the same end, finds it ended and changes nothing. Returns
 * whether this call ended it. `interrupted`: the try was cut short by its worker's death (decision 081): its next try
 * goes at once and, for the first few, is not counted against the retries.
 */
export async function endAttempt(
  deps: AttemptDeps,
  target: { faxId: string; attempt: number; language: string; interrupted?: boolean },
  outcome: CallOutcome,
): Promise<boolean> {
  const { db, files, queue, config } = deps;
  const { faxId, attempt } = target;
  // The image as the call carried it, kept before the attempt says it ended: a report can then prove its pages.
  const transmitted = outcome.transmittedImage ? await files.put(outcome.transmittedImage) : null;
  return inTransaction(db, async (tx, client) => {
    // The attempt's end, and what the checks below need of its fax and its number's profile, in one statement.
    const endedAttempt = tx.$with('ended_attempt').as(
      tx
        .update(faxAttempts)
        .set({
          endedAt: new Date(),
          durationMs: outcome.durationMs,
          pagesSent: outcome.pagesSent,
          firstPage: outcome.firstPage,
          result: outcome.result,
          call: outcome.call ?? null,
          lineCode: outcome.lineCode?.slice(0, 500) ?? null,
          interrupted: target.interrupted ?? false,
          // A carrier's try keeps the pages it handed over (kept before); its end brings no image.
          ...(transmitted ? { imageKey: transmitted.key } : {}),
        })
        .where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.number, attempt), isNull(faxAttempts.endedAt)))
        .returning({ line: faxAttempts.line }),
    );
    const [ended] = await tx
      .with(endedAttempt)
      .select({
        line: endedAttempt.line,
        accountId: faxes.accountId,
        toNumber: faxes.toNumber,
        expectedStationId: faxes.expectedStationId,
        profile: getTableColumns(lineProfiles),
      })
      .from(endedAttempt)
      .leftJoin(faxes, eq(faxes.id, faxId))
      .leftJoin(lineProfiles, eq(lineProfiles.toNumber, faxes.toNumber));
    if (!ended) return false;
    const to =
      ended.accountId !== null && ended.toNumber !== null
        ? { accountId: ended.accountId, toNumber: ended.toNumber, expectedStationId: ended.expectedStationId }
        : undefined;
    // The station id the remote announced, when it announced one, is kept on the fax by the change that ends the try
    // or sets its next (the attempt keeps the call's own record of it either way).
    const announced = announcedStationOf(outcome);
    const station = announced ? { announcedStationId: announced } : {};
    // What the call showed of its number, learned for the next call to it (decision 120), whatever the line.
    // A try cut short by its worker (decision 081) says nothing of the number.
    if (to && !target.interrupted) await recordCallToProfile(tx, { toNumber: to.toNumber, line: ended.line, outcome }, ended.profile);
    if (to) await recordAnsweringStation(tx, { id: faxId, ...to }, outcome);
    const confirmedEnd = async (
      status: 'delivered' | 'partially_delivered',
      pagesSent: number,
      failure: { failureReason: 'partial'; failureMessage: null } | Record<string, never> = {},
    ) => {
      const set = { completedAt: new Date(), pagesSent, retryReason: null, nextTryAt: null, ...failure, ...station };
      if (await moveFax(tx, faxId, ['sending'], status, set)) await chargeDeliveredPages({ queue, config }, tx, client, faxId);
      return true;
    };
    // Confirmed: the pages before this call began (earlier calls confirmed them) and the ones it carried.
    const confirmed = outcome.firstPage - 1 + outcome.pagesSent;
    if (outcome.result === 'delivered') return confirmedEnd('delivered', confirmed);
    // A call that got some pages through is not the fax's end while tries remain: the next sends only the rest
    // (every line resumes: the sandbox at the page, HylaFAX and carriers with a document of the remaining pages).
    const reason: TFaxFailureReason = outcome.result === 'partially_delivered' ? 'partial' : outcome.result;
    const interrupted = await interruptedTries(tx, faxId);
    const wait =
      target.interrupted && interrupted <= UNCOUNTED_INTERRUPTIONS ? 0 : nextTryAfter(reason, countedTries(attempt, interrupted));
    if (wait === null) {
      // Out of tries with pages confirmed, on this call or earlier ones: those pages were delivered (and are charged),
      // and the fax ends partly delivered, its reason 'partial' (decisions 119, 123). Not an uncertain end: whether
      // its last page arrived is unknown, and the sender chooses what to do (it stays failed and uncharged until then).
      const before = outcome.result === 'partially_delivered' ? confirmed : await pagesConfirmedBefore(tx, faxId);
      if (before > 0 && reason !== 'uncertain')
        return confirmedEnd('partially_delivered', before, { failureReason: 'partial', failureMessage: null });
      await failFax(tx, faxId, ['sending'], reason, endedMessage(target.language as TLanguage, reason), station);
      return true;
    }
    const nextTryAt = new Date(clock.now().getTime() + Math.round(wait * config.faxClockScale));
    // Said on the fax, so that the history can tell when the next try is and the sender may cancel until then.
    if (!(await moveFax(tx, faxId, ['sending'], 'sending', { nextTryAt, retryReason: reason, ...station }))) return true;
    await queue.send(
      transmitFaxAddress,
      { faxId, attempt: attempt + 1 },
      { transaction: client, dedupeKey: `${faxId}:${attempt + 1}`, startAfter: nextTryAt },
    );
    return true;
  });
}

/**
 * In the transaction that has just ended a fax delivered or partly delivered: its confirmed pages charged once, the
 * quota's e-mails, and the pages beyond the plan and abroad handed to the provider for the next invoice once this
 * commits (decisions 086, 093, 096).
 */
export async function chargeDeliveredPages(
  deps: Pick<AttemptDeps, 'queue' | 'config'>,
  tx: Database,
  client: SqlExecutor,
  faxId: string,
): Promise<void> {
  const { charged, billableLineIds } = await chargeFaxPages(tx, faxId);
  // A plan without a page limit has no quota to warn of.
  if (charged && charged.limit !== null)
    await emailQuotaNotices({ queue: deps.queue, publicUrl: deps.config.publicUrl }, tx, client, charged.accountId, charged.at);
  for (const ledgerLineId of billableLineIds)
    await deps.queue.send(billUsageChargeAddress, { ledgerLineId }, { transaction: client, dedupeKey: `usage:${ledgerLineId}` });
}

/**
 * The pages a fax's tries got confirmed, from the first on, short of all of them (a fax whose every page was confirmed
 * and yet not delivered, its pixels wrong, is sent whole again: transmit-fax.ts).
 */
export async function pagesConfirmedBefore(db: Pick<Database, 'select'>, faxId: string): Promise<number> {
  const tries = await db
    .select({ firstPage: faxAttempts.firstPage, pagesSent: faxAttempts.pagesSent })
    .from(faxAttempts)
    .where(eq(faxAttempts.faxId, faxId));
  const [fax] = await db.select({ pages: faxes.pages }).from(faxes).where(eq(faxes.id, faxId));
  const confirmed = Math.max(0, ...tries.map((try_) => try_.firstPage - 1 + try_.pagesSent));
  return fax?.pages !== null && fax?.pages !== undefined && confirmed < fax.pages ? confirmed : 0;
}

/**
 * What is kept as the fax's message when its tries ran out: the server's "on every try" words where it has them (busy,
 * no answer...), else the class's sentence of the one taxonomy (decision 119).
 */
function endedMessage(language: TLanguage, reason: TFaxFailureReason): string {
  const key = `faxes.${reason}`;
  return translator(language)(isMessageKey(key) ? key : `failureReasons.${reason}`);
}

/** How many of a fax's tries were cut short by their worker's death (decision 081). */
export async function interruptedTries(db: Pick<Database, 'select'>, faxId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(faxAttempts)
    .where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.interrupted, true)));
  return row?.n ?? 0;
}
