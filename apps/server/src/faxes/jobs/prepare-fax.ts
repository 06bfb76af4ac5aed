import { MAX_PAGES_PER_FAX, needsCoverPage, type TLanguage } from '@faxline/shared';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../auth/schema';
import { ConversionError } from '../../documents/convert/convert-to-pdf';
import type { DocumentType } from '../../documents/inspect/detect-file-type';
import { prepareAndKeepFaxDocument } from '../../documents/record/prepare-fax-document';
import { AppError } from '../../platform/http/app-error';
import { translator } from '../../platform/i18n/i18n';
import { defineJob } from '../../job-deps';
import { giveUpFaxJob } from './give-up-fax';
import { keepSourceDocument } from './keep-source-document';
import { failFax, loadFax, moveFax } from '../fax-state';
import { assertUsageWithinPlan } from '../quota';
import { inTransaction } from '../../platform/db/transaction';
import { faxFiles } from '../schema';
import { transmitFaxJob } from './transmit-fax';
import { conversionFailure } from './conversion-failure';
import { clock } from '../../platform/clock';

/**
 * Documents (DESIGN.md "Documents"): every file to PDF, the cover page first, merged into the document of record,
 * rendered to the fax image; then the fax goes to the line. A document that cannot be converted ends the fax as
 * failed (conversion_error) with a message a person understands.
 */
export const prepareFaxJob = defineJob({
  name: 'faxes.prepare',
  // fetchTry: the run that fetches a `file_url` again after a failure that may pass (keep-source-document.ts).
  schema: z.object({ faxId: z.uuid(), fetchTry: z.number().int().min(1).optional() }),
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60, deadLetter: giveUpFaxJob.name },
  // Two per core by default (decision 141): the renderers are one per core, the rest of a preparation waits on the
  // database and the files. One fax is never prepared twice at once.
  concurrency: (config) => config.renderConcurrency,
  exclusiveKey: ({ faxId }) => faxId,
  handler: async ({ faxId, fetchTry = 1 }, { db, config, files, queue, logger }) => {
    const fax = await loadFax(db, faxId);
    if (!fax || !(await moveFax(db, faxId, ['queued', 'scheduled', 'converting'], 'converting'))) return;
    const t = translator(fax.language as TLanguage);

    const source = await keepSourceDocument(fax, fetchTry, { db, config, files, logger }, t);
    if (source.step === 'ended') return;
    if (source.step === 'retry') {
      const next = fetchTry + 1;
      await queue.send(
        prepareFaxJob,
        { faxId, fetchTry: next },
        { dedupeKey: `${faxId}:fetch:${next}`, startAfter: new Date(clock.now().getTime() + source.afterMs) },
      );
      return;
    }

    const attachments = await db.select().from(faxFiles).where(eq(faxFiles.faxId, faxId)).orderBy(asc(faxFiles.position));
    const loaded = await Promise.all(
      attachments.map(async (file) => ({ name: file.name, type: file.type as DocumentType, bytes: await files.get(file.storageKey) })),
    );
    const withCover = needsCoverPage({ coverMessage: fax.coverMessage, coverSubject: fax.coverSubject, attachmentCount: loaded.length });
    // The sender's name is read for the cover page only.
    const [sender] = withCover && fax.userId ? await db.select({ name: users.name }).from(users).where(eq(users.id, fax.userId)) : [];

    let document;
    try {
      document = await prepareAndKeepFaxDocument(
        {
          files: loaded,
          quality: fax.quality,
          limits: config.converterLimits,
          cover: withCover
            ? {
                language: fax.language as TLanguage,
                senderName: sender?.name ?? '',
                senderNumber: fax.fromNumber,
                recipientName: fax.recipientName,
                recipientNumber: fax.toNumber,
                date: fax.scheduledAt ?? new Date(),
                subject: fax.coverSubject,
                message: fax.coverMessage,
              }
            : null,
        },
        files,
      );
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      logger.warn({ faxId, reason: error.reason }, 'fax document could not be converted');
      await failFax(db, faxId, ['converting'], 'conversion_error', conversionFailure(error, t));
      return;
    }

    const { pages, record, image, thumbnail } = document;
    const removeKept = () => Promise.all([record, image, thumbnail].map((stored) => files.remove(stored.key)));
    if (pages > MAX_PAGES_PER_FAX) {
      await removeKept();
      await failFax(db, faxId, ['converting'], 'conversion_error', t('errors.tooManyPages', { pages, max: MAX_PAGES_PER_FAX }));
      return;
    }
    try {
      // Its pages count against the month from the moment it goes to the line; the check, the move and the line job
      // commit together.
      await inTransaction(db, async (tx, client) => {
        const ready = await moveFax(tx, faxId, ['converting'], 'sending', {
          pages,
          documentKey: record.key,
          documentSha256: record.sha256,
          imageKey: image.key,
          imageBytes: image.size,
          thumbnailKey: thumbnail.key,
        });
        // Canceled while converting: nothing goes to the line.
        if (!ready) throw new StepAbandoned();
        // Pages within those reserved at acceptance were counted then, under the quota lock (decision 137): the
        // period is read again only for pages nobody could count before conversion.
        if (fax.reservedPages === null || pages > fax.reservedPages) await assertUsageWithinPlan(tx, fax.accountId, pages);
        await queue.send(transmitFaxJob, { faxId, attempt: 1 }, { transaction: client, dedupeKey: `${faxId}:1` });
      });
    } catch (error) {
      await removeKept();
      if (error instanceof StepAbandoned) return;
      if (!(error instanceof AppError)) throw error;
      await failFax(db, faxId, ['converting'], 'quota_exceeded', t(error.messageKey, error.params));
    }
  },
});

/** The fax moved on (canceled) while its documents were made: the step ends without effect. */
class StepAbandoned extends Error {}
