import { createHash } from 'node:crypto';
import { stationCheckOf, type TReceiptDocument, type TReceiptFacts } from '@faxline/shared';
import { readTiffPages } from '../documents/fax-image/fax-tiff';
import type { FaxRow } from '../faxes/fax-access';
import { faxAttemptsOf } from '../faxes/fax-records';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';

export type FaxAttemptRow = Awaited<ReturnType<typeof faxAttemptsOf>>[number];

/** A delivery as its signed documents state it: the facts, and the images they were read from. */
export type DeliveryRecord = {
  facts: TReceiptFacts;
  attempts: FaxAttemptRow[];
  /** The fax image as rendered (before header lines). */
  image: Uint8Array;
  /** Each call's image as it carried it (its header lines; a retry's holds only the pages it sent), by call number. */
  carried: Map<number, Uint8Array | null>;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The SHA-256 of a page's coded data (its strips), as the receipt states it. */
export function pageSha256(tiff: Uint8Array, index: number): string {
  const hash = createHash('sha256');
  for (const strip of readTiffPages(tiff)[index]?.strips ?? []) hash.update(tiff.subarray(strip.offset, strip.offset + strip.length));
  return hash.digest('hex');
}

/**
 * Where page `page` of the fax is in a call's image: a call that carried the whole fax holds it at its place; one that
 * carried a document of the remaining pages (HylaFAX's and carriers' retries) holds the fax's last pages only.
 */
export function indexInCarried(carried: Uint8Array, faxPages: number, page: number): number {
  return page - 1 - (faxPages - readTiffPages(carried).length);
}

/**
 * The facts of a delivered (or partly delivered) fax (version 2, decision 123): what the line confirmed, which call
 * confirmed each page, and the SHA-256 of each page as that call carried it.
 */
export async function deliveryRecord(
  deps: { db: Database; files: FileStore },
  fax: FaxRow,
  document: TReceiptDocument,
): Promise<DeliveryRecord> {
  const image = await deps.files.get(fax.imageKey!);
  const attempts = await faxAttemptsOf(deps.db, fax.id);
  const last = attempts.filter((attempt) => attempt.call !== null).at(-1)?.call ?? null;
  const carried = new Map(
    await Promise.all(
      attempts.map(async (attempt) => [attempt.number, attempt.imageKey ? await deps.files.get(attempt.imageKey) : null] as const),
    ),
  );
  const faxPages = fax.pages ?? 0;
  // The call whose confirmation counts for a page: the last that confirmed it (a fax sent whole again after wrong
  // pixels is confirmed by its later call).
  const confirmedBy = (page: number) =>
    attempts.findLast((attempt) => attempt.pagesSent > 0 && page >= attempt.firstPage && page < attempt.firstPage + attempt.pagesSent);
  const pages = Array.from({ length: fax.pagesSent ?? 0 }, (_, index) => {
    const by = confirmedBy(index + 1);
    const tiff = by ? carried.get(by.number) : null;
    return {
      attempt: by?.number ?? 0,
      sha256: tiff ? pageSha256(tiff, indexInCarried(tiff, faxPages, index + 1)) : pageSha256(image, index),
    };
  });
  const facts: TReceiptFacts = {
    version: 2,
    document,
    faxId: fax.id,
    issuedAt: new Date().toISOString(),
    status: fax.status as TReceiptFacts['status'],
    deliveredAt: (fax.completedAt ?? fax.updatedAt).toISOString(),
    fromNumber: fax.fromNumber,
    toNumber: fax.toNumber,
    remoteIdent: last?.remoteIdent ?? null,
    pages: faxPages,
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
    pageSha256: pages.map((page) => page.sha256),
    pageAttempts: pages.map((page) => page.attempt),
    imageSha256: sha256(image),
    // The wrong-number check (decision 121), as the fax's details show it.
    stationCheck: stationCheckOf(fax.expectedStationId, fax.announcedStationId),
  };
  return { facts, attempts, image, carried };
}
