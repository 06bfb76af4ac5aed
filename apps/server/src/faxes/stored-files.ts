import { and, asc, gt, inArray, isNotNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FileToMove } from '../platform/files/move-files';
import type { Database } from '../platform/db/client';
import { faxAttempts, faxFiles, faxes } from './schema';

type TextColumn = AnyPgColumn<{ data: string }>;
type FileColumn = { key: TextColumn; sha256?: TextColumn };

/**
 * Every column that holds a file key, by table, with the fax each row belongs to and the column of the plain bytes'
 * SHA-256 where one is kept: a fax's document of record, image, thumbnail, signed receipt and the words read on it;
 * the files as uploaded; each try's image. What goes with a fax when it goes, and what `npm run files:move` copies: a
 * new column that holds a key belongs here.
 */
const FILE_TABLES: { table: PgTable; id: TextColumn; faxId: TextColumn; files: FileColumn[] }[] = [
  {
    table: faxes,
    id: faxes.id,
    faxId: faxes.id,
    files: [
      { key: faxes.documentKey, sha256: faxes.documentSha256 },
      { key: faxes.imageKey },
      { key: faxes.thumbnailKey },
      { key: faxes.receiptKey },
      { key: faxes.textKey },
    ],
  },
  { table: faxFiles, id: faxFiles.id, faxId: faxFiles.faxId, files: [{ key: faxFiles.storageKey, sha256: faxFiles.sha256 }] },
  { table: faxAttempts, id: faxAttempts.id, faxId: faxAttempts.faxId, files: [{ key: faxAttempts.imageKey }] },
];

/** Every file kept for these faxes in the file store: what goes when they go (a deleted fax, a deleted account). */
export async function storedFilesOf(db: Pick<Database, 'select'>, faxIds: string[]): Promise<string[]> {
  if (faxIds.length === 0) return [];
  const found = await Promise.all(
    FILE_TABLES.flatMap(({ table, faxId, files }) =>
      files.map(({ key }) =>
        db
          .select({ key })
          .from(table)
          .where(and(inArray(faxId, faxIds), isNotNull(key))),
      ),
    ),
  );
  return found.flat().map((row) => row.key!);
}

const PAGE = 1_000;

/** Every file the faxes refer to, read a page at a time (by id), so that a million faxes never sit in memory at once. */
export async function* storedFileReferences(db: Database): AsyncGenerator<FileToMove> {
  for (const { table, id, files } of FILE_TABLES) {
    for (const { key, sha256 } of files) {
      let after: string | null = null;
      for (;;) {
        const rows = await db
          .select({ id, key, sha256: sha256 ?? key })
          .from(table)
          .where(and(isNotNull(key), after === null ? undefined : gt(id, after)))
          .orderBy(asc(id))
          .limit(PAGE);
        for (const row of rows) yield { key: row.key!, sha256: sha256 ? row.sha256 : null };
        if (rows.length < PAGE) break;
        after = rows.at(-1)!.id;
      }
    }
  }
}
