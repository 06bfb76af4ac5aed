import { MAX_PAGES_PER_FAX, needsCoverPage, type TLanguage } from '@faxline/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../auth/schema';
import { ConversionError } from '../../documents/convert/convert-to-pdf';
import type { DocumentType } from '../../documents/inspect/detect-file-type';
import { prepareFaxDocument } from '../../documents/record/prepare-fax-document';
import { defineJob } from '../../job-deps';
import type { StoredFile } from '../../platform/files/encrypted-file-store';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { translator } from '../../platform/i18n/i18n';
import { failFax, moveFax } from '../fax-state';
import { assertUsageWithinPlan } from '../quota';
import { faxes, faxFiles } from '../schema';
import { conversionFailure } from './conversion-failure';
import { giveUpBroadcastJob } from './give-up-broadcast';
import { transmitFaxJob } from './transmit-fax';

/** The statuses of a broadcast's faxes that this job may still take: waiting, or taken by a run that died. */
const WAITING = ['queued', 'scheduled', 'converting'] as const;
/** Copies of the rendered files stored at once: enough to overlap their writes, few enough for a small machine. */
const COPIES_AT_ONCE = 8;

/**
 * A broadcast's documents, rendered once (decision 111): its first waiting fax's files and the broadcast's cover page
 * (no recipient on it: the same page goes to everyone) become one document of record and one fax image, and each
 * recipient's fax gets its own encrypted copy of them (deleting one fax removes only its own files), moves to the
 * line with its pages counted against the plan, and gets its first try, all of them in one transaction. A fax canceled before its turn here is left
 * alone. Run again after a crash, it renders again and takes only the faxes still waiting.
 */
export const prepareBroadcastJob = defineJob({
  name: 'faxes.prepare-broadcast',
  schema: z.object({ broadcastId: z.uuid() }),
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60, deadLetter: giveUpBroadcastJob.name },
  concurrency: (config) => config.renderConcurrency,
  exclusiveKey: ({ broadcastId }) => `broadcast:${broadcastId}`,
  handler: async ({ broadcastId }, { db, config, files, queue, logger }) => {
    const waiting = await db
      .select()
      .from(faxes)
      .where(and(eq(faxes.broadcastId, broadcastId), inArray(faxes.status, [...WAITING])))
      .orderBy(asc(faxes.createdAt), asc(faxes.toNumber));
    if (waiting.length === 0) return;
    const ids = waiting.map((fax) => fax.id);
    // Converting from here on: a fax is no longer canceled one by one while its document is made.
    const taken = await db
      .update(faxes)
      .set({ status: 'converting', updatedAt: new Date() })
      .where(and(inArray(faxes.id, ids), inArray(faxes.status, [...WAITING])))
      .returning({ id: faxes.id });
    if (taken.length === 0) return;
    const model = waiting.find((fax) => taken.some((t) => t.id === fax.id))!;
    const t = translator(model.language as TLanguage);

    const attachments = await db.select().from(faxFiles).where(eq(faxFiles.faxId, model.id)).orderBy(asc(faxFiles.position));
    const loaded = await Promise.all(
      attachments.map(async (file) => ({ name: file.name, type: file.type as DocumentType, bytes: await files.get(file.storageKey) })),
    );
    const [sender] = model.userId ? await db.select({ name: users.name }).from(users).where(eq(users.id, model.userId)) : [];
    const withCover = needsCoverPage({
      coverMessage: model.coverMessage,
      coverSubject: model.coverSubject,
      attachmentCount: loaded.length,
    });

    let document;
    try {
      document = await prepareFaxDocument({
        files: loaded,
        quality: model.quality,
        limits: config.converterLimits,
        cover: withCover
          ? {
              language: model.language as TLanguage,
              senderName: sender?.name ?? '',
              senderNumber: model.fromNumber,
              // One page for every recipient: it names none of them.
              recipientName: null,
              recipientNumber: '',
              date: model.scheduledAt ?? new Date(),
              subject: model.coverSubject,
              message: model.coverMessage,
            }
          : null,
      });
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      logger.warn({ broadcastId, reason: error.reason }, 'broadcast document could not be converted');
      const message = conversionFailure(error, t);
      for (const { id } of taken) await failFax(db, id, ['converting'], 'conversion_error', message);
      return;
    }
    if (document.pages > MAX_PAGES_PER_FAX) {
      const message = t('errors.tooManyPages', { pages: document.pages, max: MAX_PAGES_PER_FAX });
      for (const { id } of taken) await failFax(db, id, ['converting'], 'conversion_error', message);
      return;
    }

    // Each fax keeps its own copy, so that its deletion or its retention takes only its files; made a few at a time.
    const copies: { id: string; record: StoredFile; image: StoredFile; thumbnail: StoredFile }[] = [];
    for (let at = 0; at < taken.length; at += COPIES_AT_ONCE) {
      const batch = taken.slice(at, at + COPIES_AT_ONCE);
      copies.push(
        ...(await Promise.all(
          batch.map(async ({ id }) => {
            const [record, image, thumbnail] = await Promise.all([
              files.put(document.pdf),
              files.put(document.image.tiff),
              files.put(document.thumbnail),
            ]);
            return { id, record, image, thumbnail };
          }),
        )),
      );
    }
    const removeCopies = (of: typeof copies) =>
      Promise.all(of.flatMap((copy) => [copy.record, copy.image, copy.thumbnail].map((stored) => files.remove(stored.key))));
    try {
      // Every fax to its line together: their moves, one check of the period's pages for the whole set (its pages were
      // reserved at acceptance; this counts the rendered ones) and their first tries commit at once.
      const unused = await inTransaction(db, async (tx, client) => {
        const moved: typeof copies = [];
        for (const copy of copies) {
          const ready = await moveFax(tx, copy.id, ['converting'], 'sending', {
            pages: document.pages,
            documentKey: copy.record.key,
            documentSha256: copy.record.sha256,
            imageKey: copy.image.key,
            imageBytes: copy.image.size,
            thumbnailKey: copy.thumbnail.key,
          });
          if (ready) moved.push(copy);
        }
        await assertUsageWithinPlan(tx, model.accountId, document.pages * moved.length);
        for (const { id } of moved)
          await queue.send(transmitFaxJob, { faxId: id, attempt: 1 }, { transaction: client, dedupeKey: `${id}:1` });
        return copies.filter((copy) => !moved.includes(copy));
      });
      await removeCopies(unused);
    } catch (error) {
      await removeCopies(copies);
      if (!(error instanceof AppError)) throw error;
      const message = t(error.messageKey, error.params);
      for (const { id } of taken) await failFax(db, id, ['converting'], 'quota_exceeded', message);
    }
  },
});
