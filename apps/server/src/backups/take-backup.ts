import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { FileBackend } from '../platform/files/file-backend';
import { backupFolder, type BackupFolder } from './backup-folder';
import { BACKUP_FORMAT, MANIFEST_FILE, piecesOf, type TBackupManifest, type TBackupPiece } from './backup-manifest';
import { dumpDatabase } from './database-dump';
import { faxlineVersion } from './faxline-version';

export type BackupSources = {
  /** The installation's database; one connection of it holds the snapshot while the tables are written. */
  database: pg.Pool;
  /** The file store's backend: its files are copied as stored, still encrypted. */
  files: FileBackend;
  /** Opens the files; it also encrypts the database dump (decision 110). */
  masterKey: Buffer;
  /** The key files of the data folder, or null for a key the environment gives (FILES_MASTER_KEY, AUTH_SECRET). */
  keyFiles: { filesMasterKey: string | null; installationSecret: string | null };
};

/** A backup's folder name: its time, so that names sort by age. */
export const backupNameOf = (takenAt: Date) => `faxline-backup-${takenAt.toISOString().replace(/[:.]/g, '-')}`;

/**
 * Writes one consistent backup into a new folder `dir` (decision 110): the database as of one snapshot, then every
 * stored file (files are written before the rows that name them, so each file the snapshot knows is already there),
 * the key files, and last the manifest, written whole under its name only once everything it lists is there: a
 * folder without a manifest.json is an unfinished backup, which no restore accepts.
 */
export async function takeBackup(
  sources: BackupSources,
  options: { dir: string; kind: TBackupManifest['kind']; takenAt: Date },
): Promise<{ manifest: TBackupManifest; size: number }> {
  await fs.mkdir(path.dirname(options.dir), { recursive: true, mode: 0o700 });
  await fs.mkdir(options.dir, { mode: 0o700 }); // fails if it exists: a backup is never written over another
  const folder = backupFolder(options.dir);
  const client = await sources.database.connect();
  let dump;
  try {
    dump = await dumpDatabase(client, folder, sources.masterKey);
  } finally {
    client.release();
  }
  const files = await copyFiles(sources.files, folder);
  const manifest: TBackupManifest = {
    format: BACKUP_FORMAT,
    faxlineVersion: faxlineVersion(),
    migration: dump.migration,
    takenAt: options.takenAt.toISOString(),
    kind: options.kind,
    database: dump.database,
    files,
    keys: {
      filesMasterKey: await copyKeyFile(folder, sources.keyFiles.filesMasterKey, 'keys/files.key'),
      installationSecret: await copyKeyFile(folder, sources.keyFiles.installationSecret, 'keys/auth.secret'),
    },
  };
  const temp = path.join(options.dir, `${MANIFEST_FILE}.tmp`);
  await fs.writeFile(temp, JSON.stringify(manifest, null, 2), { mode: 0o600 });
  await fs.rename(temp, path.join(options.dir, MANIFEST_FILE));
  const size = piecesOf(manifest).reduce((sum, piece) => sum + piece.size, 0);
  return { manifest, size };
}

/** Every stored file, byte for byte as the backend keeps it. A file deleted since the snapshot is simply not there. */
async function copyFiles(backend: FileBackend, folder: BackupFolder) {
  const copied: (TBackupPiece & { key: string })[] = [];
  for await (const key of backend.keys()) {
    try {
      copied.push({ key, ...(await folder.write(`files/${key}`, await backend.read(key))) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied.sort((a, b) => a.key.localeCompare(b.key));
}

async function copyKeyFile(folder: BackupFolder, file: string | null, piece: string) {
  if (!file) return 'environment' as const;
  return folder.write(piece, [await fs.readFile(file)]);
}
