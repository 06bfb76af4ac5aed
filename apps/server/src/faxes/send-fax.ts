import {
  hasNothingToSend,
  matchingPrefix,
  MAX_PAGES_PER_FAX,
  MAX_SCHEDULE_DAYS,
  needsCoverPage,
  type TFaxChannel,
  type TFaxQuote,
  type TLanguage,
  type ZSendFaxRequest,
} from '@faxline/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { chooseLine } from '../lines/lines';
import type { Database } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import type { SqlExecutor } from '../platform/db/notifications';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/queue';
import type { SystemSettings } from '../system-settings/system-settings';
import { checkAttachments, type CheckedAttachment, type Upload } from './check-attachments';
import type { FaxActor } from './fax-access';
import { recordAuditEvents } from '../audit/record-audit-event';
import { auditedBy } from '../accounts/actor';
import { randomUUID } from 'node:crypto';
import { prepareFaxJob } from './jobs/prepare-fax';
import { assertWithinNewAccountLimit } from './new-account-limit';
import { assertUsageWithinPlan, quoteWithinQuota } from './quota';
import { sendingAccountOf } from './sending-account';
import { faxLineEnds } from './line-ends';
import { linesInForce, type LinesConfig } from '../lines/lines-in-force';
import { assertRecipientAllowed } from './recipient-rules';
import { broadcasts, faxFiles, faxes } from './schema';
import { prepareBroadcastJob } from './jobs/prepare-broadcast';
import { clock } from '../platform/clock';
import { assertSendingNotPaused } from '../billing/sending-pause';
import { fileNamesText } from './file-names';
import { expectedStationsOfNumbers } from '../contacts/contact-stations';

export type SendFaxInput = {
  actor: FaxActor;
  /** The language of the fax's cover page and of what the sender is told later. */
  language: TLanguage;
  request: z.output<typeof ZSendFaxRequest>;
  uploads: Upload[];
  idempotencyKey: string | null;
  /** Resend: the fax this one repeats. */
  resentFromId?: string;
  /** How it came: the portal (the default), the public API, e-mail. */
  channel?: TFaxChannel;
  /** A document the worker fetches first (the API's `file_url`), counted as one file until then. */
  sourceUrl?: string | null;
  /** What the channel adds to each fax's audit row (e-mail: the sender's address and its authentication). */
  auditDetails?: Record<string, unknown>;
  /**
   * The total the sender was shown for this send (decision 096): refused with 409 when it costs more now. Left out
   * by a channel that states the price after accepting (the e-mail gateway's reply).
   */
  acceptedTotalCents?: number | null;
};

/**
 * A broadcast: the same documents to each number, one fax each (`request.recipientNumber` is not used). More than one
 * number makes a broadcast row that owns the faxes (decision 111); `broadcastId` adds the faxes to one that exists
 * (its retry of the failed), `resentFromIds` says which fax each repeats, `recipientNames` each one's name.
 */
export type SendFaxesInput = SendFaxInput & {
  recipients: string[];
  broadcastId?: string;
  recipientNames?: (string | null)[];
  resentFromIds?: (string | null)[];
  /** The station id each recipient's machine should announce (decision 121); null or absent: the address book's. */
  expectedStationIds?: (string | null | undefined)[];
  /** A broadcast even of one number (the portal's broadcast form). */
  forceBroadcast?: boolean;
};

export type SendFaxDeps = {
  db: Database;
  files: FileStore;
  queue: Queue;
  config: LinesConfig;
  systemSettings: SystemSettings;
};

/**
 * A confirmed address sends (a fax service is a spam channel otherwise; the web app offers to resend the link). A
 * channel that receives the documents itself asks this before reading them, so that a refused sender's upload is not read.
 */
export function assertMaySend(actor: FaxActor): void {
  if (!actor.user.emailVerified) throw new AppError('email_not_confirmed', 'errors.confirmEmailToSend');
}

/** Sends one fax (the 202 of POST /api/faxes); see sendFaxes. */
export async function sendFax(deps: SendFaxDeps, input: SendFaxInput) {
  const {
    faxes: [fax],
    created,
    quote,
  } = await sendFaxes(deps, { ...input, recipients: [input.request.recipientNumber] });
  return { fax: fax!, created, quote };
}

/** The Idempotency-Key of each fax of a send: the key itself for the first, the key and its position for the others. */
const idempotencyKeysOf = (key: string, count: number) => Array.from({ length: count }, (_, i) => (i === 0 ? key : `${key}#${i}`));

/**
 * Sends faxes, whatever the channel: a confirmed sender, files checked from their bytes, then what can be checked now
 * (something to send, each recipient, the schedule, the From number, the page limit and the month's quota with the
 * pages known so far); the files are kept encrypted, and the faxes are recorded with their audit rows and documents jobs
 * in one transaction: all of a broadcast, or none. The same Idempotency-Key returns the faxes it created.
 */
export async function sendFaxes(deps: SendFaxDeps, input: SendFaxesInput) {
  const { actor, request, recipients } = input;
  assertMaySend(actor);
  const rules = await deps.systemSettings.current();
  const attachments = await checkAttachments(input.uploads, rules.maxFileSizeMB);
  const { member } = actor;
  const { db } = deps;
  const idempotencyKeys = input.idempotencyKey ? idempotencyKeysOf(input.idempotencyKey, recipients.length) : null;
  if (idempotencyKeys) {
    const existing = await faxesWithIdempotencyKeys(db, member.accountId, idempotencyKeys);
    if (existing.length > 0) return { faxes: existing, created: false, pages: null, quote: null, broadcastId: existing[0]!.broadcastId };
  }
  const { coverMessage, scheduledAt, fromNumber, knownPages, quote, terms, account } = await checkSend(deps, input, attachments, rules);
  // The person (or program) saw a price: the send goes only if it costs no more now (decision 096).
  if (input.acceptedTotalCents !== undefined && quote.totalCents > (input.acceptedTotalCents ?? 0))
    throw new AppError('conflict', 'errors.quoteChanged', { price: formatPrice(quote.totalCents, quote.currency, input.language) });
  // Known now, so that the history can say from the start which line will carry each; every try uses it.
  const faxLines = (await linesInForce(deps)).faxLines(faxLineEnds(deps));
  const lines = await Promise.all(recipients.map(async (recipient) => (await chooseLine(faxLines, recipient)).name));
  const expectedStations = await expectedStationsOf(db, input);

  // Encrypted and stored before the faxes exist: once we answer 202, nothing that was accepted can be lost. Each fax
  // keeps its own copy, so that deleting one fax of a broadcast takes only its files.
  const stored = await Promise.all(recipients.map(() => Promise.all(attachments.map((a) => deps.files.put(a.bytes)))));
  try {
    // The faxes, their files, their audit rows and their first jobs commit together or not at all: an error answer
    // leaves nothing behind, and a 202 has everything a worker needs.
    const { rows: created, broadcastId } = await inTransaction(db, async (tx, client) => {
      await assertWithinNewAccountLimit(tx, account, rules, recipients.length);
      const priority = scheduledAt ? 0 : -(await faxesWaitingForConversion(tx, member.accountId));
      const broadcastId = input.broadcastId ?? (recipients.length > 1 || input.forceBroadcast ? await recordBroadcast(tx) : null);
      // A broadcast's documents are rendered once for all its faxes (one job), unless the worker must first fetch
      // them by address for each fax.
      const renderedOnce = broadcastId !== null && !input.sourceUrl;
      const rows = await recordFaxes(tx, client, { priority, broadcastId, renderedOnce });
      if (renderedOnce) {
        await deps.queue.send(
          prepareBroadcastJob,
          { broadcastId },
          { transaction: client, dedupeKey: `broadcast:${rows[0]!.id}`, priority, ...(scheduledAt ? { startAfter: scheduledAt } : {}) },
        );
      }
      // Their pages are reserved now: checked again under the account's quota lock, so that a burst cannot slip past.
      await assertUsageWithinPlan(tx, member.accountId, knownPages * recipients.length, account.planPeriod);
      return { rows, broadcastId };
    });
    // Each fax's pages when every file's count is known now (a PDF, an image, no cover or a cover), null otherwise.
    const pages = quote.pagesKnown ? knownPages : null;
    return { faxes: created, created: true, pages, quote, broadcastId };
  } catch (error) {
    await Promise.all(stored.flat().map((s) => deps.files.remove(s.key)));
    // Two requests with one Idempotency-Key at the same moment: the other one created them.
    if (idempotencyKeys && isUniqueViolation(error)) {
      const existing = await faxesWithIdempotencyKeys(db, member.accountId, idempotencyKeys);
      if (existing.length > 0) return { faxes: existing, created: false, pages: null, quote: null, broadcastId: existing[0]!.broadcastId };
    }
    throw error;
  }

  /** The broadcast that owns the send's faxes, scheduled with them. */
  async function recordBroadcast(tx: Database): Promise<string> {
    const [row] = await tx
      .insert(broadcasts)
      .values({ accountId: member.accountId, userId: actor.user.id, channel: input.channel ?? 'web', scheduledAt })
      .returning({ id: broadcasts.id });
    return row!.id;
  }

  /**
   * The send's faxes with their files, audit rows and documents jobs, in the send's transaction: one statement each
   * for all the faxes, their files and their audit rows (a broadcast of 1,000 is a few statements, not thousands).
   */
  async function recordFaxes(
    tx: Database,
    client: SqlExecutor,
    { priority, broadcastId, renderedOnce }: { priority: number; broadcastId: string | null; renderedOnce: boolean },
  ) {
    const values = recipients.map((recipient, index) => {
      const recipientName = input.recipientNames ? input.recipientNames[index] : request.recipientName;
      return {
        // Chosen here, so that each row returned is known as the recipient's whatever order they come back in.
        id: randomUUID(),
        accountId: member.accountId,
        userId: actor.user.id,
        direction: 'outbound' as const,
        status: scheduledAt ? ('scheduled' as const) : ('queued' as const),
        fromNumber,
        toNumber: recipient,
        recipientName: recipientName?.trim() || null,
        expectedStationId: expectedStations[index] ?? null,
        coverSubject: request.coverSubject?.trim() || null,
        coverMessage,
        fileNames: fileNamesText(attachments.map((a) => a.name)),
        quality: request.faxQuality,
        line: lines[index],
        language: input.language,
        scheduledAt,
        idempotencyKey: idempotencyKeys?.[index] ?? null,
        resentFromId: input.resentFromIds?.[index] ?? input.resentFromId ?? null,
        broadcastId,
        channel: input.channel ?? 'web',
        sourceUrl: input.sourceUrl ?? null,
        reservedPages: knownPages,
        quotedTerms: terms[index]!,
      };
    });
    const inserted = new Map((await tx.insert(faxes).values(values).returning()).map((row) => [row.id, row]));
    const rows = values.map((value) => inserted.get(value.id)!);
    if (attachments.length > 0) {
      await tx.insert(faxFiles).values(
        rows.flatMap((row, index) =>
          attachments.map((a, position) => ({
            faxId: row.id,
            position,
            name: a.name,
            type: a.type,
            size: a.bytes.length,
            storageKey: stored[index]![position]!.key,
            sha256: stored[index]![position]!.sha256,
          })),
        ),
      );
    }
    await recordAuditEvents(
      tx,
      rows.map((row) => ({
        ...auditedBy(actor, {
          to: row.toNumber,
          files: attachments.length,
          scheduled: Boolean(scheduledAt),
          channel: input.channel ?? 'web',
          ...(input.sourceUrl ? { fileUrl: true } : {}),
          ...(broadcastId ? { broadcast: broadcastId, recipients: recipients.length } : {}),
          ...(row.resentFromId ? { resentFrom: row.resentFromId } : {}),
          ...input.auditDetails,
        }),
        action: 'fax.send' as const,
        objectType: 'fax',
        objectId: row.id,
        outcome: 'success' as const,
      })),
    );
    if (!renderedOnce)
      for (const row of rows)
        await deps.queue.send(
          prepareFaxJob,
          { faxId: row.id },
          { transaction: client, dedupeKey: row.id, priority, ...(scheduledAt ? { startAfter: scheduledAt } : {}) },
        );
    return rows;
  }
}

/**
 * The station id each recipient's machine should announce (decision 121): the one given for it, or the send's (an
 * empty one given means no check), else its number's contact's in the address book.
 */
async function expectedStationsOf(db: Database, input: SendFaxesInput): Promise<(string | null)[]> {
  const given = input.recipients.map((_, index) => input.expectedStationIds?.[index] ?? input.request.expectedStationId);
  const unknown = input.recipients.filter((_, index) => given[index] === undefined);
  const fromContacts = await expectedStationsOfNumbers(db, input.actor.member.accountId, unknown);
  return input.recipients.map((recipient, index) => (given[index] === undefined ? (fromContacts.get(recipient) ?? null) : given[index]!));
}

/**
 * What can be checked before anything is stored (the sending pause, each recipient, something to send, the schedule,
 * the From number, the page limit, the period's quota with the pages known so far), and the send's price.
 */
async function checkSend(
  deps: SendFaxDeps,
  input: SendFaxesInput,
  attachments: CheckedAttachment[],
  rules: { blockedRecipientPrefixes: string },
) {
  const { actor, request, recipients } = input;
  const { db } = deps;
  const { accountId } = actor.member;
  const account = await sendingAccountOf(db, accountId, clock.now());
  assertSendingNotPaused(account.paymentFailure, deps.config.publicUrl);

  for (const recipient of recipients) {
    assertRecipientAllowed(recipient, rules.blockedRecipientPrefixes);
    const blocked = matchingPrefix(recipient, account.blockedPrefixes);
    if (blocked) throw new AppError('invalid_request', 'errors.recipientOnBlocklist', { number: recipient, prefix: blocked });
  }
  const coverMessage = request.coverPageMessage?.trim() || null;
  const fileCount = attachments.length + (input.sourceUrl ? 1 : 0);
  const contents = { coverMessage, coverSubject: request.coverSubject, attachmentCount: fileCount };
  if (hasNothingToSend(contents)) throw new AppError('invalid_request', 'errors.nothingToSend');

  let scheduledAt: Date | null = null;
  if (request.scheduledAt) {
    scheduledAt = new Date(request.scheduledAt);
    const now = clock.now().getTime();
    if (scheduledAt.getTime() <= now) throw new AppError('invalid_request', 'errors.scheduleInPast');
    if (scheduledAt.getTime() > now + MAX_SCHEDULE_DAYS * 86_400_000)
      throw new AppError('invalid_request', 'errors.scheduleTooFar', { days: MAX_SCHEDULE_DAYS });
  }

  const own = account.numbers;
  const fromNumber = request.fromNumber ?? own[0] ?? null;
  if (request.fromNumber && !own.includes(request.fromNumber)) {
    throw new AppError('invalid_request', 'errors.fromNumberNotYours', { number: request.fromNumber });
  }

  const knownPages = attachments.reduce((sum, a) => sum + (a.pages ?? 0), 0) + (needsCoverPage(contents) ? 1 : 0);
  if (knownPages > MAX_PAGES_PER_FAX)
    throw new AppError('invalid_request', 'errors.tooManyPages', { pages: knownPages, max: MAX_PAGES_PER_FAX });
  // Each fax's pages are all known now when every file's count is (a PDF, an image), not for a file read later.
  const pagesKnown = attachments.every((a) => a.pages !== null) && !input.sourceUrl;
  const { quote, terms } = await quoteWithinQuota(db, account, { recipients, pages: knownPages, pagesKnown });
  return { coverMessage, scheduledAt, fromNumber, knownPages, quote, terms, account };
}

/**
 * The price of a send without sending it (POST /v1/faxes/quote, the send form's price): the same checks as the send,
 * the files read for their pages and not kept, nothing queued.
 */
export async function quoteFaxes(deps: SendFaxDeps, input: SendFaxesInput): Promise<TFaxQuote> {
  assertMaySend(input.actor);
  const rules = await deps.systemSettings.current();
  const attachments = await checkAttachments(input.uploads, rules.maxFileSizeMB);
  return (await checkSend(deps, input, attachments, rules)).quote;
}

/** A price as the sender's language writes it, for a message. */
const formatPrice = (cents: number, currency: string, language: TLanguage) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);

/** The faxes a send with these Idempotency-Keys created, in the send's order. */
async function faxesWithIdempotencyKeys(db: Database, accountId: string, keys: string[]) {
  const rows = await db
    .select()
    .from(faxes)
    .where(and(eq(faxes.accountId, accountId), inArray(faxes.idempotencyKey, keys)));
  return rows.sort((a, b) => keys.indexOf(a.idempotencyKey!) - keys.indexOf(b.idempotencyKey!));
}

/** Beyond this many, an account's waiting faxes are all equally far back: the count stays cheap. */
const FAIRNESS_HORIZON = 1000;

/**
 * Conversions are fair between accounts (docs/decisions/022): a new fax's conversion is queued behind as many of its
 * own account's faxes as are waiting for theirs (pg-boss takes higher priorities first, then older jobs), so one
 * account's fifty uploads are taken turn about with another account's one, not all before it.
 */
async function faxesWaitingForConversion(tx: Database, accountId: string): Promise<number> {
  const waiting = tx
    .select({ one: sql`1` })
    .from(faxes)
    .where(and(eq(faxes.accountId, accountId), eq(faxes.direction, 'outbound'), inArray(faxes.status, ['queued', 'converting'])))
    .limit(FAIRNESS_HORIZON)
    .as('waiting');
  const [row] = await tx.select({ n: count() }).from(waiting);
  return row?.n ?? 0;
}
