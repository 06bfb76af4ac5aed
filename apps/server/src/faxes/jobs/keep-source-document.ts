import { and, eq, isNotNull } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { detectDocumentType } from '../../documents/inspect/detect-file-type';
import { fetchFileUrl, FileUrlError } from '../../documents/fetch-url/fetch-file-url';
import { withTypeExtension } from '../../documents/fetch-url/fetch-file-url-name';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { JobDeps } from '../../job-deps';
import { readSystemSettings } from '../../system-settings/system-settings';
import { checkAttachments } from '../check-attachments';
import { failFax } from '../fax-state';
import { faxes, faxFiles } from '../schema';
import { fileNamesText } from '../file-names';

/** Tries of a fetch that failed for a reason that may pass (a timeout, a 5xx), and the wait between them. */
export const SOURCE_FETCH_TRIES = 3;
const SOURCE_FETCH_RETRY_MS = 30_000;

type Fax = Pick<typeof faxes.$inferSelect, 'id' | 'sourceUrl'>;

/** `kept`: the fax has its files, go on; `ended`: the fax failed; `retry`: fetch again after `afterMs`. */
export type SourceOutcome = { step: 'kept' } | { step: 'ended' } | { step: 'retry'; afterMs: number };

/**
 * A fax sent with a `file_url` (public API) has no file until the worker fetches it (documents/fetch-url/fetch-file-url.ts): the
 * document is checked as an upload is (same limits, same messages), stored encrypted, and recorded as the fax's file
 * in the same transaction that clears the URL, so that a run after a crash finds the file and never fetches twice.
 * A document that cannot be had ends the fax (conversion_error) with the reason in the fax's language; a reason that
 * may pass (timeout, unreachable, 5xx) is tried SOURCE_FETCH_TRIES times first.
 */
export async function keepSourceDocument(
  fax: Fax,
  fetchTry: number,
  { db, config, files, logger }: Pick<JobDeps, 'db' | 'config' | 'files' | 'logger'>,
  t: TFunction,
): Promise<SourceOutcome> {
  if (!fax.sourceUrl) return { step: 'kept' };
  const [existing] = await db.select({ id: faxFiles.id }).from(faxFiles).where(eq(faxFiles.faxId, fax.id)).limit(1);
  if (existing) return { step: 'kept' };

  const { maxFileSizeMB } = await readSystemSettings(db);
  let checked;
  try {
    const fetched = await fetchFileUrl(fax.sourceUrl, { maxFileSizeMB, ...config.fileUrl });
    const name = withTypeExtension(fetched.name, await detectDocumentType(fetched.bytes));
    [checked] = await checkAttachments([{ name, bytes: fetched.bytes, truncated: false }], maxFileSizeMB);
  } catch (error) {
    if (error instanceof FileUrlError) {
      logger.warn({ faxId: fax.id, reason: error.reason, params: error.params, fetchTry, err: error.cause }, 'file_url not fetched');
      if (error.transient && fetchTry < SOURCE_FETCH_TRIES)
        return { step: 'retry', afterMs: Math.round(SOURCE_FETCH_RETRY_MS * config.faxClockScale) };
    } else if (!(error instanceof AppError)) throw error;
    await failFax(db, fax.id, ['converting'], 'conversion_error', t(error.messageKey, error.params));
    return { step: 'ended' };
  }

  const document = checked!;
  const stored = await files.put(document.bytes);
  let kept = false;
  try {
    kept = await inTransaction(db, async (tx) => {
      const cleared = await tx
        .update(faxes)
        .set({ sourceUrl: null, fileNames: fileNamesText([document.name]) })
        .where(and(eq(faxes.id, fax.id), isNotNull(faxes.sourceUrl)))
        .returning({ id: faxes.id });
      if (cleared.length === 0) return false;
      await tx.insert(faxFiles).values({
        faxId: fax.id,
        position: 0,
        name: document.name,
        type: document.type,
        size: document.bytes.length,
        storageKey: stored.key,
        sha256: stored.sha256,
      });
      return true;
    });
  } finally {
    // Another run kept it first (or the transaction failed): this copy is nobody's.
    if (!kept) await files.remove(stored.key);
  }
  return { step: 'kept' };
}
