import { hasTransmissionReport, type TFaxDetails, type TFaxFailureReason } from '@faxline/shared';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { auditEvents } from '../audit/schema';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { triesAllowedFor, UNCOUNTED_INTERRUPTIONS } from '../lines/retry-policy';
import { interruptedTries } from './end-attempt';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from './fax-access';
import { toPublicFax } from './fax-view';
import { placementOf } from './placement';
import { faxAttempts, faxFiles, faxes } from './schema';
import { stationOfferOf } from '../contacts/contact-stations';

/** A fax's attempts as the API shows them, in order (the details page, GET /v1/faxes/{id}, the webhooks' payload). */
export async function faxAttemptViews(db: Database, faxId: string): Promise<TFaxDetails['attempts']> {
  const rows = await db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId)).orderBy(asc(faxAttempts.number));
  return rows.map((a) => ({
    number: a.number,
    startedAt: a.startedAt.toISOString(),
    endedAt: a.endedAt?.toISOString() ?? null,
    durationMs: a.durationMs,
    pagesSent: a.pagesSent,
    firstPage: a.firstPage,
    result: (a.result ?? 'in_progress') as TFaxDetails['attempts'][number]['result'],
    call: a.call,
  }));
}

/**
 * A program polling a fax's status (GET /v1/faxes/{id}) is audited once an hour per person and fax (decision 128): the
 * trail says who read the fax and when, without a row per poll of a client that asks every few seconds. The fax's
 * content (its document, image and text) is audited at every read, as it is in the portal.
 */
const POLL_AUDITED_EVERY = sql`interval '1 hour'`;

async function pollAuditedLately(db: Database, actor: FaxActor, faxId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.objectId, faxId),
        eq(auditEvents.action, 'fax.view'),
        eq(auditEvents.actorUserId, actor.user.id),
        gt(auditEvents.at, sql`now() - ${POLL_AUDITED_EVERY}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * One fax with its attempts and files (the details page). Opening a received fax marks it read for the account; a
 * program polling it through the API (`poll`) does not, a poll not being a person who has read it, and is audited once
 * an hour rather than at every poll. An agent's read (`markRead: false`) is audited each time and marks nothing read.
 */
export async function getFax(
  db: Database,
  actor: FaxActor,
  id: string,
  { poll = false, markRead = !poll }: { poll?: boolean; markRead?: boolean } = {},
): Promise<TFaxDetails> {
  const fax = await accessibleFax(db, actor, id, 'fax.view');
  const opened = markRead && fax.direction === 'inbound' && !fax.readAt ? { ...fax, readAt: new Date() } : fax;
  if (opened !== fax) await db.update(faxes).set({ readAt: opened.readAt }).where(eq(faxes.id, fax.id));
  const attempts = await faxAttemptViews(db, fax.id);
  const attached = await db.select().from(faxFiles).where(eq(faxFiles.faxId, fax.id)).orderBy(asc(faxFiles.position));
  const resends = await db
    .select({ id: faxes.id, createdAt: faxes.createdAt })
    .from(faxes)
    .where(and(eq(faxes.accountId, fax.accountId), eq(faxes.resentFromId, fax.id)))
    .orderBy(desc(faxes.createdAt));
  if (!poll || !(await pollAuditedLately(db, actor, fax.id)))
    await auditFax(db, actor, 'fax.view', fax.id, 'success', poll ? { poll: 'first read of the hour' } : undefined);
  return {
    ...toPublicFax(opened),
    attempts,
    files: attached.map((f) => ({ name: f.name, type: f.type, size: f.size })),
    hasDocument: fax.documentKey !== null,
    hasImage: fax.imageKey !== null,
    hasReceipt: hasTransmissionReport(fax) && fax.imageKey !== null,
    hasText: fax.textKey !== null,
    pageProblems: fax.pageProblems ?? [],
    documentClass: fax.documentClass,
    classConfidence: fax.classConfidence,
    classifiedBy: fax.classifiedBy,
    fields: fax.foundFields ?? [],
    hasThumbnail: fax.thumbnailKey !== null,
    placement: await placementOf(db, fax),
    nextTry: fax.nextTryAt && fax.retryReason ? await nextTryOf(db, fax.id, attempts.length, fax.retryReason) : null,
    contentDeleted:
      fax.contentDeletedAt && fax.contentDeletedBy ? { at: fax.contentDeletedAt.toISOString(), by: fax.contentDeletedBy } : null,
    resends: resends.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString() })),
    stationOffer: await stationOfferOfFax(db, fax),
  };
}

/**
 * A fax delivered without a station id to check, whose machine announced one: offered to be remembered for its
 * number's contact when no contact of the number has one yet (decision 121).
 */
export async function stationOfferOfFax(db: Database, fax: FaxRow) {
  if (fax.direction !== 'outbound' || fax.status !== 'delivered' || fax.expectedStationId) return null;
  return stationOfferOf(db, fax.accountId, fax.toNumber, fax.announcedStationId);
}

/**
 * A fax whose content was deleted under its account's retention policy (decision 108) answers 410 with that reason to
 * every download: the file existed and is gone for good, which a client must not retry.
 */
export function assertContentKept(fax: Pick<FaxRow, 'contentDeletedAt'>): void {
  if (fax.contentDeletedAt) throw new AppError('gone', 'errors.faxContentDeleted');
}

/** The next try's number and how many tries the fax may have, its uncounted interrupted ones added (decision 081). */
async function nextTryOf(db: Database, faxId: string, tries: number, reason: TFaxFailureReason) {
  const uncounted = Math.min(await interruptedTries(db, faxId), UNCOUNTED_INTERRUPTIONS);
  return { number: tries + 1, of: triesAllowedFor(reason) + uncounted };
}

/**
 * The fax's document, decrypted as it is sent, for download: the sender's document of record, or the received copy.
 * Every download is in the audit trail.
 */
export async function downloadFaxDocument(deps: { db: Database; files: FileStore }, actor: FaxActor, id: string) {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.download');
  assertContentKept(fax);
  if (!fax.documentKey) throw new AppError('not_found', 'errors.faxNotFound');
  const pdf = await deps.files.getStream(fax.documentKey);
  await auditFax(deps.db, actor, 'fax.download', fax.id, 'success');
  return { pdf, sha256: fax.documentSha256, name: `fax-${fax.createdAt.toISOString().slice(0, 10)}-${fax.id.slice(0, 8)}.pdf` };
}

/**
 * The fax image as it goes down the line (TIFF-F, Class F: what a fax machine prints), decrypted as it is sent, for
 * download; in the audit trail like the document.
 */
export async function downloadFaxImage(deps: { db: Database; files: FileStore }, actor: FaxActor, id: string) {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.download');
  assertContentKept(fax);
  if (!fax.imageKey) throw new AppError('not_found', 'errors.faxNotFound');
  const tiff = await deps.files.getStream(fax.imageKey);
  await auditFax(deps.db, actor, 'fax.download', fax.id, 'success', { file: 'image' });
  return { tiff, name: `fax-${fax.createdAt.toISOString().slice(0, 10)}-${fax.id.slice(0, 8)}.tif` };
}

/** The small image of the fax's first page, for the list and the details. */
export async function faxThumbnail(deps: { db: Database; files: FileStore }, actor: FaxActor, id: string): Promise<Uint8Array> {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.view');
  assertContentKept(fax);
  if (!fax.thumbnailKey) throw new AppError('not_found', 'errors.faxNotFound');
  return deps.files.get(fax.thumbnailKey);
}
