import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { faxFiles, faxes } from './schema';

/**
 * An account's faxes a page at a time, oldest first, with what a data export carries of each (decision 110): its
 * facts, its document of record, its signed receipt and the files as uploaded. Read by (created_at, id), so that an
 * account of any size is never held in memory at once.
 */
export async function accountFaxesForExport(db: Database, accountId: string, after: { createdAt: Date; id: string } | null, limit: number) {
  const rows = await db
    .select({
      id: faxes.id,
      direction: faxes.direction,
      status: faxes.status,
      fromNumber: faxes.fromNumber,
      toNumber: faxes.toNumber,
      recipientName: faxes.recipientName,
      senderName: faxes.senderName,
      coverSubject: faxes.coverSubject,
      pages: faxes.pages,
      pagesSent: faxes.pagesSent,
      quality: faxes.quality,
      channel: faxes.channel,
      failureReason: faxes.failureReason,
      documentClass: faxes.documentClass,
      createdAt: faxes.createdAt,
      completedAt: faxes.completedAt,
      documentKey: faxes.documentKey,
      documentSha256: faxes.documentSha256,
      receiptKey: faxes.receiptKey,
      contentDeletedAt: faxes.contentDeletedAt,
    })
    .from(faxes)
    .where(
      and(
        eq(faxes.accountId, accountId),
        after ? or(gt(faxes.createdAt, after.createdAt), and(eq(faxes.createdAt, after.createdAt), gt(faxes.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(faxes.createdAt), asc(faxes.id))
    .limit(limit);
  const uploads =
    rows.length === 0
      ? []
      : await db
          .select({
            faxId: faxFiles.faxId,
            name: faxFiles.name,
            storageKey: faxFiles.storageKey,
            sha256: faxFiles.sha256,
            position: faxFiles.position,
          })
          .from(faxFiles)
          .where(
            inArray(
              faxFiles.faxId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(faxFiles.position));
  return rows.map((row) => ({ ...row, uploads: uploads.filter((upload) => upload.faxId === row.id) }));
}
export type FaxForExport = Awaited<ReturnType<typeof accountFaxesForExport>>[number];
