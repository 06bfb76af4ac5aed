import { DATA_EXPORT_DAYS, type TDataExport } from '@faxline/shared';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { dataExports } from './schema';

/** How long a finished export can be downloaded: the link e-mailed and the settings say so. */
export const EXPORT_LIFETIME_MS = DATA_EXPORT_DAYS * 86_400_000;

type Row = typeof dataExports.$inferSelect;

export const dataExportView = (row: Row): TDataExport => ({
  id: row.id,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  sizeBytes: row.sizeBytes,
  faxCount: row.faxCount,
});

/** One export of this account, or null: an export of another account is not found, whichever its id. */
export async function dataExportOf(db: Database, accountId: string, exportId: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.accountId, accountId)));
  return row ?? null;
}

/** The account's recent exports, newest first. */
export async function listDataExports(db: Database, accountId: string): Promise<TDataExport[]> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.accountId, accountId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(10);
  return rows.map(dataExportView);
}

/** The finished exports whose time is over, for the job that deletes their ZIP. */
export async function expiredDataExports(db: Database, now: Date) {
  return db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)));
}

/** The ZIPs an account's exports keep in the file store: they go from it with the account (its rows go by cascade). */
export async function dataExportFileKeysOf(db: Pick<Database, 'select'>, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.accountId, accountId), isNotNull(dataExports.fileKey)));
  return rows.map((row) => row.fileKey!);
}
