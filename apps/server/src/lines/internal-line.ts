import { eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { FileStore } from '../documents/encrypted-file-store';
import { faxImagePdf } from '../documents/fax-image-pdf';
import { faxPageSize } from '../documents/render-fax-image';
import { faxes } from '../faxes/schema';
import type { Database } from '../platform/db/client';
import type { CallOutcome } from './line';

type FaxRow = typeof faxes.$inferSelect;

/**
 * The internal line: the number belongs to a Faxline account, so the fax arrives in that account's inbox, unread.
 * What arrives is what a fax machine would print: a PDF made from the fax image that was sent, never the sender's
 * files (docs/decisions/023). At most one copy per sent fax (unique source), so a retried job delivers once.
 */
export async function deliverInternally(deps: { db: Database; files: FileStore }, fax: FaxRow, toAccountId: string): Promise<CallOutcome> {
  const started = Date.now();
  const delivered = (): CallOutcome => ({ result: 'delivered', pagesSent: fax.pages ?? 0, durationMs: Date.now() - started });
  // A run that died after the insert: the copy is there, nothing more to store.
  const [existing] = await deps.db.select({ id: faxes.id }).from(faxes).where(eq(faxes.sourceFaxId, fax.id));
  if (existing) return delivered();

  const [sender] = fax.userId ? await deps.db.select({ name: users.name }).from(users).where(eq(users.id, fax.userId)) : [];
  const { xDpi, yDpi } = faxPageSize(fax.quality);
  const [document, thumbnail] = await Promise.all([
    fax.imageKey ? deps.files.put(await faxImagePdf({ tiff: await deps.files.get(fax.imageKey), xDpi, yDpi })) : null,
    fax.thumbnailKey ? deps.files.get(fax.thumbnailKey).then((bytes) => deps.files.put(bytes)) : null,
  ]);
  const inserted = await deps.db
    .insert(faxes)
    .values({
      accountId: toAccountId,
      direction: 'inbound',
      status: 'received',
      fromNumber: fax.fromNumber,
      toNumber: fax.toNumber,
      senderName: sender?.name ?? null,
      recipientName: fax.recipientName,
      coverSubject: fax.coverSubject,
      quality: fax.quality,
      pages: fax.pages,
      line: 'internal',
      documentKey: document?.key ?? null,
      documentSha256: document?.sha256 ?? null,
      thumbnailKey: thumbnail?.key ?? null,
      sourceFaxId: fax.id,
      completedAt: new Date(),
    })
    .onConflictDoNothing({ target: faxes.sourceFaxId })
    .returning({ id: faxes.id });
  // Delivered by a run alongside this one: its copy stands, this one's files go.
  if (inserted.length === 0) await Promise.all([document, thumbnail].map((stored) => stored && deps.files.remove(stored.key)));
  return delivered();
}
