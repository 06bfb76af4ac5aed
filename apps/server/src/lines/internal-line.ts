import { eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { FileStore } from '../documents/encrypted-file-store';
import { faxes } from '../faxes/schema';
import type { Database } from '../platform/db/client';
import type { CallOutcome } from './line';

type FaxRow = typeof faxes.$inferSelect;

/**
 * The internal line: the number belongs to a Faxline account, so the fax arrives in that account's inbox, unread,
 * with its own copy of the document. At most one copy per sent fax (unique source), so a retried job delivers once.
 */
export async function deliverInternally(deps: { db: Database; files: FileStore }, fax: FaxRow, toAccountId: string): Promise<CallOutcome> {
  const started = Date.now();
  const [sender] = fax.userId ? await deps.db.select({ name: users.name }).from(users).where(eq(users.id, fax.userId)) : [];
  const document = fax.documentKey ? await deps.files.put(await deps.files.get(fax.documentKey)) : null;
  const thumbnail = fax.thumbnailKey ? await deps.files.put(await deps.files.get(fax.thumbnailKey)) : null;
  await deps.db
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
    .onConflictDoNothing({ target: faxes.sourceFaxId });
  return { result: 'delivered', pagesSent: fax.pages ?? 0, durationMs: Date.now() - started };
}
