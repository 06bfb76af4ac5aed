import { and, eq, isNull } from 'drizzle-orm';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { TryImages } from '../lines/fax-line';
import type { Database } from '../platform/db/client';
import { faxAttempts } from './schema';

/** The pages of a try handed to a carrier, kept on the try (the first kept stays: it is what the carrier fetched). */
export function faxTryImages({ db, files }: { db: Database; files: FileStore }): TryImages {
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
