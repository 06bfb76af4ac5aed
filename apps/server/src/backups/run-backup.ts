import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { filesMasterKeyOf, localMasterKeyFile } from '../platform/files/encrypted-file-store';
import { openFileBackend } from '../platform/files/open-file-backend';
import type { TBackupManifest } from './backup-manifest';
import type { BackupStore } from './backup-store';
import { backupRuns } from './schema';
import { backupNameOf, takeBackup, type BackupSources } from './take-backup';

/** What a backup copies, as this installation's configuration says: its files' backend and its key files. */
export async function backupSourcesOf(
  config: Pick<TConfig, 'filesDir' | 'filesBackend' | 's3' | 'filesMasterKey' | 'dataDir' | 'authSecret'>,
  database: pg.Pool,
): Promise<BackupSources> {
  return {
    database,
    files: openFileBackend(config),
    masterKey: await filesMasterKeyOf(config),
    keyFiles: {
      filesMasterKey: config.filesMasterKey ? null : localMasterKeyFile(config.dataDir),
      installationSecret: config.authSecret ? null : path.join(config.dataDir, 'auth.secret'),
    },
  };
}

/**
 * Takes one backup into the store and records how it went in backup_runs (the back office shows the last one). A
 * failed backup leaves no half-written one behind and is recorded with its reason, then thrown again.
 */
export async function runBackup(
  deps: { db: Database; store: BackupStore; sources: BackupSources },
  options: { kind: TBackupManifest['kind']; takenAt: Date },
): Promise<{ location: string; size: number; manifest: TBackupManifest }> {
  const [run] = await deps.db
    .insert(backupRuns)
    .values({ kind: options.kind, startedAt: options.takenAt })
    .returning({ id: backupRuns.id });
  const place = await deps.store.begin(backupNameOf(options.takenAt));
  try {
    const { manifest, size } = await takeBackup(deps.sources, { dir: place.dir, kind: options.kind, takenAt: options.takenAt });
    const location = await place.keep();
    await deps.db
      .update(backupRuns)
      .set({ status: 'succeeded', finishedAt: new Date(), location, sizeBytes: size, fileCount: manifest.files.length })
      .where(eq(backupRuns.id, run!.id));
    return { location, size, manifest };
  } catch (error) {
    await place.abandon().catch(() => undefined);
    await deps.db
      .update(backupRuns)
      .set({ status: 'failed', finishedAt: new Date(), error: error instanceof Error ? error.message : String(error) })
      .where(eq(backupRuns.id, run!.id));
    throw error;
  }
}

/** The last backup that ended (or is running), for the back office. */
export async function lastBackupRun(db: Database) {
  const [run] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  return run ?? null;
}
