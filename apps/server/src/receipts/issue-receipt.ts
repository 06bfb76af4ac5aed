import { createHash } from 'node:crypto';
import { hasTransmissionReport, stationCheckOf, type TLanguage, type TReceiptFacts, webPaths } from '@faxline/shared';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { readTiffPages } from '../documents/fax-image/fax-tiff';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from '../faxes/fax-access';
import { faxAttemptsOf, keepReceiptKey } from '../faxes/fax-records';
import { assertContentKept } from '../faxes/get-fax';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { SystemSettings } from '../system-settings/system-settings';
import { receiptSigningKey } from './receipt-key';
import { signReceipt } from './receipt-signature';
import { transmissionReportPdf } from './transmission-report';

type ReceiptDeps = { db: Database; files: FileStore; systemSettings: Pick<SystemSettings, 'ownSecret' | 'current'>; publicUrl: string };

/**
 * A delivered fax's transmission report, signed: issued the first time it is asked for, then kept
 * with the fax (encrypted, like its documents), so that every download is the same report. Only a fax the line
 * delivered, in whole or in part, has one; every download is in the audit trail.
 */
export async function downloadReceipt(deps: ReceiptDeps, actor: FaxActor, id: string): Promise<{ pdf: Uint8Array; name: string }> {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.download');
  // Its report shows the first page: it goes with the rest of the content (decision 108).
  assertContentKept(fax);
  if (!hasTransmissionReport(fax) || !fax.imageKey) throw new AppError('not_found', 'errors.receiptNotFound');
  const pdf = fax.receiptKey ? await deps.files.get(fax.receiptKey) : await issueReceipt(deps, fax);
  await auditFax(deps.db, actor, 'fax.download', fax.id, 'success', { file: 'receipt' });
  return { pdf, name: `fax-report-${fax.createdAt.toISOString().slice(0, 10)}-${fax.id.slice(0, 8)}.pdf` };
}

async function issueReceipt(deps: ReceiptDeps, fax: FaxRow): Promise<Uint8Array> {
  const image = await deps.files.get(fax.imageKey!);
  const attempts = await faxAttemptsOf(deps.db, fax.id);
  const last = attempts.filter((attempt) => attempt.call !== null).at(-1)?.call ?? null;
  // Each call's image as it carried it (header lines included); the rendered image for a line that keeps none.
  const carried = new Map(
    await Promise.all(
      attempts.map(async (attempt) => [attempt.number, attempt.imageKey ? await deps.files.get(attempt.imageKey) : null] as const),
    ),
  );
  const confirmedBy = (page: number) =>
    attempts.find((attempt) => attempt.pagesSent > 0 && page >= attempt.firstPage && page < attempt.firstPage + attempt.pagesSent);
  const pageHash = (tiff: Uint8Array, page: number) => {
    const hash = createHash('sha256');
    for (const strip of readTiffPages(tiff)[page - 1]?.strips ?? []) hash.update(tiff.subarray(strip.offset, strip.offset + strip.length));
    return hash.digest('hex');
  };
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const facts: TReceiptFacts = {
    version: 1,
    faxId: fax.id,
    issuedAt: new Date().toISOString(),
    status: fax.status as TReceiptFacts['status'],
    deliveredAt: (fax.completedAt ?? fax.updatedAt).toISOString(),
    fromNumber: fax.fromNumber,
    toNumber: fax.toNumber,
    remoteIdent: last?.remoteIdent ?? null,
    pages: fax.pages ?? 0,
    pagesConfirmed: fax.pagesSent ?? 0,
    bitRate: last?.bitRate ?? null,
    ecm: last?.ecm ?? null,
    lineMs: attempts.reduce((sum, attempt) => sum + (attempt.durationMs ?? 0), 0),
    attempts: attempts
      .filter((attempt) => attempt.result !== null)
      .map((attempt) => {
        const tiff = carried.get(attempt.number);
        return {
          number: attempt.number,
          startedAt: attempt.startedAt.toISOString(),
          result: attempt.result as TReceiptFacts['attempts'][number]['result'],
          firstPage: attempt.firstPage,
          pagesConfirmed: attempt.pagesSent,
          completionCode: attempt.call?.completionCode ?? null,
          imageSha256: tiff ? sha256(tiff) : null,
        };
      }),
    pageSha256: Array.from({ length: fax.pagesSent ?? 0 }, (_, index) => {
      const by = confirmedBy(index + 1);
      return pageHash((by && carried.get(by.number)) ?? image, index + 1);
    }),
    imageSha256: sha256(image),
    // The wrong-number check (decision 121), as the fax's details show it.
    stationCheck: stationCheckOf(fax.expectedStationId, fax.announcedStationId),
  };
  const [key, settings, thumbnail] = await Promise.all([
    receiptSigningKey(deps.systemSettings),
    deps.systemSettings.current(),
    fax.thumbnailKey ? deps.files.get(fax.thumbnailKey) : null,
  ]);
  const pdf = await transmissionReportPdf({
    facts,
    thumbnailPng: thumbnail,
    language: fax.language as TLanguage,
    siteName: settings.siteName,
    verifyUrl: `${deps.publicUrl}${webPaths.verifyReceipt.path}`,
  });
  const signed = await signReceipt(pdf, facts, key.privateKey);
  // Kept once: a download at the same moment that issued its own keeps the first one's.
  const stored = await deps.files.put(signed);
  const keptKey = await keepReceiptKey(deps.db, fax.id, stored.key);
  if (keptKey === stored.key) return signed;
  await deps.files.remove(stored.key);
  return deps.files.get(keptKey);
}
