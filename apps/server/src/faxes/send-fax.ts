import {
  hasNothingToSend,
  MAX_PAGES_PER_FAX,
  MAX_SCHEDULE_DAYS,
  needsCoverPage,
  type TLanguage,
  type ZSendFaxRequest,
} from '@faxline/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FileStore } from '../documents/encrypted-file-store';
import { chooseLine } from '../lines/lines';
import { numbersOfAccount } from '../numbers/numbers';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import { inTransaction } from '../platform/db/transaction';
import { accountBlockedPrefix } from '../blocklist/blocklist';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/queue';
import type { SystemSettings } from '../system-settings/system-settings';
import { checkAttachments, type Upload } from './check-attachments';
import { auditFax, type FaxActor } from './fax-access';
import { prepareFaxJob } from './jobs/prepare-fax';
import { assertWithinNewAccountLimit } from './new-account-limit';
import { assertWithinQuota } from './quota';
import { linesFor } from './inbox';
import { assertRecipientAllowed } from './recipient-rules';
import { faxFiles, faxes } from './schema';

export type SendFaxInput = {
  actor: FaxActor;
  /** The language of the fax's cover page and of what the sender is told later. */
  language: TLanguage;
  request: z.output<typeof ZSendFaxRequest>;
  uploads: Upload[];
  idempotencyKey: string | null;
  /** Resend: the fax this one repeats. */
  resentFromId?: string;
};

export type SendFaxDeps = {
  db: Database;
  files: FileStore;
  queue: Queue;
  config: Pick<TConfig, 'faxClockScale' | 'sandboxLine' | 'faxModemPath' | 'hylafax'>;
  systemSettings: SystemSettings;
};

/**
 * A confirmed address sends (a fax service is a spam channel otherwise; the web app offers to resend the link). A
 * channel that receives the documents itself asks this before reading them, so that a refused sender's upload is not read.
 */
export function assertMaySend(actor: FaxActor): void {
  if (!actor.user.emailVerified) throw new AppError('email_not_confirmed', 'errors.confirmEmailToSend');
}

/**
 * Sends a fax, whatever the channel (the 202 of POST /api/faxes): a confirmed sender, files checked from their bytes,
 * then what can be checked now (something to send, the recipient, the schedule, the From number, the page limit and
 * the month's quota with the pages known so far); the files are kept encrypted, and the fax is recorded with its audit
 * row and documents job in one transaction. The same Idempotency-Key returns the fax it created.
 */
export async function sendFax(deps: SendFaxDeps, input: SendFaxInput) {
  const { actor, request } = input;
  assertMaySend(actor);
  const rules = await deps.systemSettings.current();
  const attachments = await checkAttachments(input.uploads, rules.maxFileSizeMB);
  const { member } = actor;
  const { db } = deps;
  if (input.idempotencyKey) {
    const existing = await faxWithIdempotencyKey(db, member.accountId, input.idempotencyKey);
    if (existing) return { fax: existing, created: false };
  }

  assertRecipientAllowed(request.recipientNumber, rules.blockedRecipientPrefixes);
  const blocked = await accountBlockedPrefix(db, member.accountId, request.recipientNumber);
  if (blocked) throw new AppError('invalid_request', 'errors.recipientOnBlocklist', { number: request.recipientNumber, prefix: blocked });
  const coverMessage = request.coverPageMessage?.trim() || null;
  const contents = { coverMessage, coverSubject: request.coverSubject, attachmentCount: attachments.length };
  if (hasNothingToSend(contents)) throw new AppError('invalid_request', 'errors.nothingToSend');

  let scheduledAt: Date | null = null;
  if (request.scheduledAt) {
    scheduledAt = new Date(request.scheduledAt);
    if (scheduledAt.getTime() <= Date.now()) throw new AppError('invalid_request', 'errors.scheduleInPast');
    if (scheduledAt.getTime() > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000)
      throw new AppError('invalid_request', 'errors.scheduleTooFar', { days: MAX_SCHEDULE_DAYS });
  }

  const own = await numbersOfAccount(db, member.accountId);
  const fromNumber = request.fromNumber ?? own[0]?.phoneNumber ?? null;
  if (request.fromNumber && !own.some((n) => n.phoneNumber === request.fromNumber)) {
    throw new AppError('invalid_request', 'errors.fromNumberNotYours', { number: request.fromNumber });
  }

  const knownPages = attachments.reduce((sum, a) => sum + (a.pages ?? 0), 0) + (needsCoverPage(contents) ? 1 : 0);
  if (knownPages > MAX_PAGES_PER_FAX)
    throw new AppError('invalid_request', 'errors.tooManyPages', { pages: knownPages, max: MAX_PAGES_PER_FAX });
  await assertWithinQuota(db, member.accountId, knownPages);
  // Known now, so that the history can say from the start which line will carry it; every try uses it.
  const line = (await chooseLine(linesFor(deps), request.recipientNumber)).name;

  // Encrypted and stored before the fax exists: once we answer 202, nothing that was accepted can be lost.
  const stored = await Promise.all(attachments.map((a) => deps.files.put(a.bytes)));
  try {
    // The fax, its files, its audit row and its first job commit together or not at all: an error answer leaves
    // nothing behind, and a 202 has everything a worker needs.
    const fax = await inTransaction(db, async (tx, client) => {
      await assertWithinNewAccountLimit(tx, member.accountId, rules);
      const priority = scheduledAt ? 0 : -(await faxesWaitingForConversion(tx, member.accountId));
      const [row] = await tx
        .insert(faxes)
        .values({
          accountId: member.accountId,
          userId: actor.user.id,
          direction: 'outbound',
          status: scheduledAt ? 'scheduled' : 'queued',
          fromNumber,
          toNumber: request.recipientNumber,
          recipientName: request.recipientName?.trim() || null,
          coverSubject: request.coverSubject?.trim() || null,
          coverMessage,
          quality: request.faxQuality,
          line,
          language: input.language,
          scheduledAt,
          idempotencyKey: input.idempotencyKey,
          resentFromId: input.resentFromId ?? null,
        })
        .returning();
      if (attachments.length > 0) {
        await tx.insert(faxFiles).values(
          attachments.map((a, position) => ({
            faxId: row!.id,
            position,
            name: a.name,
            type: a.type,
            size: a.bytes.length,
            storageKey: stored[position]!.key,
            sha256: stored[position]!.sha256,
          })),
        );
      }
      await auditFax(tx, actor, 'fax.send', row!.id, 'success', {
        to: row!.toNumber,
        files: attachments.length,
        scheduled: Boolean(scheduledAt),
        ...(input.resentFromId ? { resentFrom: input.resentFromId } : {}),
      });
      await deps.queue.send(
        prepareFaxJob,
        { faxId: row!.id },
        { transaction: client, dedupeKey: row!.id, priority, ...(scheduledAt ? { startAfter: scheduledAt } : {}) },
      );
      return row!;
    });
    return { fax, created: true };
  } catch (error) {
    await Promise.all(stored.map((s) => deps.files.remove(s.key)));
    // Two requests with one Idempotency-Key at the same moment: the other one created it.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const existing = await faxWithIdempotencyKey(db, member.accountId, input.idempotencyKey);
      if (existing) return { fax: existing, created: false };
    }
    throw error;
  }
}

async function faxWithIdempotencyKey(db: Database, accountId: string, key: string) {
  const [existing] = await db
    .select()
    .from(faxes)
    .where(and(eq(faxes.accountId, accountId), eq(faxes.idempotencyKey, key)));
  return existing;
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
