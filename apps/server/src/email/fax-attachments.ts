import { z } from 'zod';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { Database } from '../platform/db/client';

/**
 * A file of a fax that an e-mail carries, named by the fax and the part (its PDF of record, or the PNG of its first
 * page), read when the e-mail is sent. `cid` makes it an inline image the HTML part shows (`<img src="cid:...">`).
 */
export const ZFaxAttachment = z.object({
  faxId: z.uuid(),
  part: z.enum(['document', 'thumbnail']),
  filename: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\r\n/\\]+$/),
  contentType: z.enum(['application/pdf', 'image/png']),
  cid: z
    .string()
    .max(200)
    .regex(/^[^<>\s]+$/)
    .optional(),
});
export type TFaxAttachment = z.infer<typeof ZFaxAttachment>;

/**
 * The stored files of faxes, by id, as the faxes module keeps them (faxes/fax-records.ts, `documentKeysOf`): e-mail sits
 * below faxes, so the worker gives it this (job-deps.ts).
 */
export type FaxFilesOf = (
  db: Database,
  faxIds: string[],
) => Promise<Array<{ id: string; documentKey: string | null; thumbnailKey: string | null }>>;

export type ResolvedAttachment = Omit<TFaxAttachment, 'faxId' | 'part'> & { content: Uint8Array };

/** The attachments with their bytes; null when a fax or a file they name is gone (a fax deleted meanwhile). */
export async function resolveFaxAttachments(
  deps: { db: Database; files: FileStore; faxFilesOf: FaxFilesOf },
  references: readonly TFaxAttachment[],
): Promise<ResolvedAttachment[] | null> {
  if (references.length === 0) return [];
  const ids = [...new Set(references.map((reference) => reference.faxId))];
  const rows = await deps.faxFilesOf(deps.db, ids);
  const resolved: ResolvedAttachment[] = [];
  for (const { faxId, part, ...attachment } of references) {
    const row = rows.find((candidate) => candidate.id === faxId);
    const key = part === 'document' ? row?.documentKey : row?.thumbnailKey;
    if (!key) return null;
    const content = await deps.files.get(key).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!content) return null;
    resolved.push({ ...attachment, content });
  }
  return resolved;
}
