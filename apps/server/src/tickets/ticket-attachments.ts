import { asc, and, eq, gt } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { FileToMove } from '../platform/files/move-files';
import { AppError } from '../platform/http/app-error';
import { ticketAttachments } from './schema';
import { isTicketId } from './ticket-views';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
} as const;

/**
 * A file of a ticket's thread, for a download: only through the ticket it belongs to, which the caller has already
 * found the asker may see (the person's own, or any for the back office). 404 for any other.
 */
export async function openTicketAttachment(
  deps: { db: Database; files: FileStore },
  ticketId: string,
  attachmentId: string,
): Promise<{ name: string; contentType: string; size: number; stream: Readable }> {
  const [file] = isTicketId(attachmentId)
    ? await deps.db
        .select()
        .from(ticketAttachments)
        .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)))
    : [];
  if (!file) throw new AppError('not_found', 'errors.ticketAttachmentNotFound');
  return { name: file.name, contentType: CONTENT_TYPES[file.type], size: file.size, stream: await deps.files.getStream(file.fileKey) };
}

/** Every ticket file, for `npm run files:move` (a thousand rows at a time). */
export async function* ticketAttachmentReferences(db: Database): AsyncGenerator<FileToMove> {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({ id: ticketAttachments.id, key: ticketAttachments.fileKey, sha256: ticketAttachments.fileSha256 })
      .from(ticketAttachments)
      .where(after === null ? undefined : gt(ticketAttachments.id, after))
      .orderBy(asc(ticketAttachments.id))
      .limit(1_000);
    for (const row of rows) yield { key: row.key, sha256: row.sha256 };
    if (rows.length < 1_000) return;
    after = rows.at(-1)!.id;
  }
}
