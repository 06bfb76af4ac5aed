import { and, asc, gt, isNotNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FileToMove } from '../documents/move-files';
import type { Database } from '../platform/db/client';
import { faxAttempts, faxFiles, faxes } from './schema';

type TextColumn = AnyPgColumn<{ data: string }>;

/**
 * Every column that holds a file key (those `storedFilesOf` in fax-access.ts deletes with a fax): the files as
 * uploaded (with their hash), the document of record (with its hash), the fax image, the thumbnail, the signed
 * receipt, and each try's image. A new column that holds a key belongs here, or `npm run files:move` leaves its files
 * behind.
 */
const FILE_COLUMNS: { table: PgTable & { id: TextColumn }; key: TextColumn; sha256: TextColumn | null }[] = [
  { table: faxFiles, key: faxFiles.storageKey, sha256: faxFiles.sha256 },
  { table: faxes, key: faxes.documentKey, sha256: faxes.documentSha256 },
  { table: faxes, key: faxes.imageKey, sha256: null },
  { table: faxes, key: faxes.thumbnailKey, sha256: null },
  { table: faxes, key: faxes.receiptKey, sha256: null },
  { table: faxAttempts, key: faxAttempts.imageKey, sha256: null },
];

const PAGE = 1_000;

/** Every file the faxes refer to, read a page at a time (by id), so that a million faxes never sit in memory at once. */
export async function* storedFileReferences(db: Database): AsyncGenerator<FileToMove> {
  for (const { table, key, sha256 } of FILE_COLUMNS) {
    let after: string | null = null;
    for (;;) {
      const rows = await db
        .select({ id: table.id, key, sha256: sha256 ?? key })
        .from(table)
        .where(and(isNotNull(key), after === null ? undefined : gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(PAGE);
      for (const row of rows) yield { key: row.key!, sha256: sha256 ? row.sha256 : null };
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id;
    }
  }
}
