import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { Inbox, TryImages } from '../lines/fax-line';
import { faxLines } from '../lines/lines';
import type { Carriers } from '../lines/carriers/carrier-setup';
import type { Database } from '../platform/db/client';
import type { TConfig } from '../platform/config';
import { faxAttempts, faxes } from './schema';

/** Received faxes as the lines deliver them: in the account's history, unread. */
export function faxInbox(db: Database): Inbox {
  return {
    hasCopyOf: async (sentFaxId) => {
      const [copy] = await db.select({ id: faxes.id }).from(faxes).where(eq(faxes.sourceFaxId, sentFaxId));
      return Boolean(copy);
    },
    receive: async ({ accountId, source, line, document, thumbnailKey }) => {
      const [sender] = source.userId ? await db.select({ name: users.name }).from(users).where(eq(users.id, source.userId)) : [];
      const inserted = await db
        .insert(faxes)
        .values({
          accountId,
          direction: 'inbound',
          status: 'received',
          fromNumber: source.fromNumber,
          toNumber: source.toNumber,
          senderName: sender?.name ?? null,
          recipientName: source.recipientName,
          coverSubject: source.coverSubject,
          quality: source.quality,
          pages: source.pages,
          line,
          documentKey: document?.key ?? null,
          documentSha256: document?.sha256 ?? null,
          thumbnailKey,
          sourceFaxId: source.id,
          completedAt: new Date(),
        })
        // At most one copy of a sent fax (a unique index): a second run's insert does nothing.
        .onConflictDoNothing({ target: faxes.sourceFaxId })
        .returning({ id: faxes.id });
      return inserted.length > 0;
    },
  };
}

/** The pages of a try handed to a carrier, kept on the try (the first kept stays: it is what the carrier fetched). */
function faxTryImages({ db, files }: { db: Database; files: FileStore }): TryImages {
  return {
    keep: async ({ faxId, attempt }, image) => {
      const stored = await files.put(image);
      const kept = await db
        .update(faxAttempts)
        .set({ imageKey: stored.key })
        .where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.number, attempt), isNull(faxAttempts.imageKey)))
        .returning({ id: faxAttempts.id });
      if (kept.length === 0) await files.remove(stored.key);
    },
  };
}

/** The lines as the faxes module uses them: what arrives over them lands in this inbox. */
export function linesFor(deps: {
  db: Database;
  files: FileStore;
  config: Pick<TConfig, 'faxClockScale' | 'sandboxLine' | 'faxModemPath' | 'hylafax' | 'publicUrl' | 'authSecret' | 'dataDir'>;
  /** The carriers in force (`carriersInForce`). */
  carriers: Carriers;
}) {
  return faxLines({
    db: deps.db,
    files: deps.files,
    inbox: faxInbox(deps.db),
    tryImages: faxTryImages(deps),
    clockScale: deps.config.faxClockScale,
    sandboxServes: deps.config.sandboxLine,
    faxModemPath: deps.config.faxModemPath,
    hylafax: deps.config.hylafax,
    carriers: deps.carriers,
    config: deps.config,
  });
}
