import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { from as copyFrom } from 'pg-copy-streams';
import type { FileBackend } from '../platform/files/file-backend';
import { decryptFile } from '../platform/files/file-format';
import { migrateDatabase } from '../platform/db/migrate';
import { backupFolder, type BackupFolder } from './backup-folder';
import { MANIFEST_FILE, piecesOf, ZBackupManifest, type TBackupManifest } from './backup-manifest';
import { lastMigrationOfThisCode } from './faxline-version';

/** A backup that is not restored, and why, in words for the person at the command line. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

export type RestoreTarget = {
  databaseUrl: string;
  files: FileBackend;
  /** Where the key files go, or null where the environment gives the key (and `environmentKey` is it). */
  keyFiles: { filesMasterKey: string | null; installationSecret: string | null };
  /** FILES_MASTER_KEY when the environment sets it. */
  environmentMasterKey: Buffer | undefined;
};

/**
 * Reads a backup's manifest and checks every piece it names against its SHA-256 and size, before anything is changed:
 * a damaged or missing piece refuses the whole backup, naming it.
 */
export async function checkBackup(dir: string): Promise<{ manifest: TBackupManifest; folder: BackupFolder }> {
  const folder = backupFolder(dir);
  const text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) throw new BackupRefusedError(`${dir} has no ${MANIFEST_FILE}: it is not a finished Faxline backup.`);
  let parsed;
  try {
    parsed = ZBackupManifest.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) throw new BackupRefusedError(`${path.join(dir, MANIFEST_FILE)} is damaged: it is not a Faxline backup manifest.`);
  const manifest = parsed.data;
  const damaged: string[] = [];
  for (const piece of piecesOf(manifest)) {
    const found = await folder.digest(piece.path);
    if (!found) damaged.push(`${piece.path} (missing)`);
    else if (found.size !== piece.size || found.sha256 !== piece.sha256) damaged.push(`${piece.path} (its SHA-256 does not match)`);
  }
  if (damaged.length > 0) throw new BackupRefusedError(`The backup is damaged, nothing was restored: ${damaged.join(', ')}.`);
  return { manifest, folder };
}

/**
 * Restores a checked backup into an empty installation (decision 110): the keys, then the files as stored, then the
 * database (this code's migrations, pg-boss's queues, then every table's rows), so that no restored row names a file
 * that is not there yet.
 */
export async function restoreBackup(dir: string, target: RestoreTarget, location = dir): Promise<TBackupManifest> {
  const { manifest, folder } = await checkBackup(dir);
  if (manifest.migration !== lastMigrationOfThisCode())
    throw new BackupRefusedError(
      `The backup's database is at migration ${manifest.migration}, this Faxline at ${lastMigrationOfThisCode()}: ` +
        `restore it with Faxline ${manifest.faxlineVersion}, then upgrade.`,
    );
  const masterKey = await masterKeyOf(manifest, folder, target);
  await refuseUnlessEmpty(target);

  for (const [key, file] of [
    [manifest.keys.filesMasterKey, target.keyFiles.filesMasterKey],
    [manifest.keys.installationSecret, target.keyFiles.installationSecret],
  ] as const) {
    if (key === 'environment' || !file) continue;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, await fs.readFile(path.join(dir, key.path)), { mode: 0o600 });
  }
  for (const file of manifest.files) await target.files.write(file.key, folder.read(file.path), file.size);
  await restoreDatabase(manifest, folder, target.databaseUrl, masterKey, location);
  return manifest;
}

/** The key that opens the backup's files and dump: the backup's own, or the environment's when it was given so. */
async function masterKeyOf(manifest: TBackupManifest, folder: BackupFolder, target: RestoreTarget): Promise<Buffer> {
  const { filesMasterKey, installationSecret } = manifest.keys;
  if (installationSecret === 'environment' && target.keyFiles.installationSecret)
    throw new BackupRefusedError('The backup was taken with AUTH_SECRET from the environment: set the same AUTH_SECRET, then restore.');
  let key: Buffer;
  if (filesMasterKey === 'environment') {
    if (!target.environmentMasterKey)
      throw new BackupRefusedError(
        'The backup was taken with FILES_MASTER_KEY from the environment: set the same FILES_MASTER_KEY, then restore.',
      );
    key = target.environmentMasterKey;
  } else {
    key = Buffer.from((await fs.readFile(path.join(folder.dir, filesMasterKey.path), 'utf8')).trim(), 'base64url');
  }
  // The dump is encrypted with the same key: reading its first table proves the key before anything is changed.
  const first = manifest.database.tables[0];
  if (first) {
    try {
      for await (const piece of decryptFile(key, folder.read(first.path))) void piece;
    } catch {
      throw new BackupRefusedError(`The files master key does not open ${first.path}: it is not the key this backup was taken with.`);
    }
  }
  return key;
}

/** An installation is empty when its database has no people and no accounts and its file store holds no file. */
async function refuseUnlessEmpty(target: RestoreTarget) {
  for await (const key of target.files.keys()) {
    throw new BackupRefusedError(
      `The installation is not empty: its file store holds files (${key} and maybe more). Restore into a new one.`,
    );
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const found = await client.query<{ tables: string | null }>("SELECT to_regclass('public.users')::text AS tables");
    if (found.rows[0]?.tables) {
      const rows = await client.query<{ used: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM public.users) OR EXISTS (SELECT 1 FROM public.accounts) AS used',
      );
      if (rows.rows[0]?.used)
        throw new BackupRefusedError('The installation is not empty: its database has people or accounts. Restore into a new one.');
    }
  } finally {
    await client.end();
  }
}

async function restoreDatabase(manifest: TBackupManifest, folder: BackupFolder, databaseUrl: string, masterKey: Buffer, location: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrateDatabase(pool);
    // pg-boss's schema, as its own start would make it (its construction SQL, without starting a queue), unless a
    // start of this installation made it already; the queues come from the backup's list below.
    const made = await pool.query<{ schema: string | null }>("SELECT to_regclass('pgboss.version')::text AS schema");
    if (!made.rows[0]?.schema) await pool.query(PgBoss.getConstructionPlans('pgboss'));

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // The rows are loaded as they were: no trigger runs (the kept counts and the events are in the dump already) and
      // no foreign key is checked row by row (the rows came from one consistent snapshot).
      await client.query('SET LOCAL session_replication_role = replica');
      for (const queue of inDeadLetterOrder(manifest.database.queues)) {
        await client.query('SELECT pgboss.create_queue($1, $2::json)', [queue.name, JSON.stringify(queue.options)]);
      }
      const names = manifest.database.tables.map((t) => `${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.table)}`);
      // What the migrations and pg-boss wrote (defaults, its version row) gives way to the backup's rows.
      if (names.length > 0) await client.query(`TRUNCATE ${names.join(', ')}`);
      for (const [index, table] of manifest.database.tables.entries()) {
        const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
        const copy = client.query(copyFrom(`COPY ${names[index]} (${columns}) FROM STDIN`));
        await pipeline(Readable.from(decryptFile(masterKey, folder.read(table.path))), copy);
      }
      for (const sequence of manifest.database.sequences) {
        const name = `${client.escapeIdentifier(sequence.schema)}.${client.escapeIdentifier(sequence.name)}`;
        if (sequence.lastValue === null) await client.query('SELECT setval($1::regclass, 1, false)', [name]);
        else await client.query('SELECT setval($1::regclass, $2::bigint, true)', [name, sequence.lastValue]);
      }
      // The snapshot saw this very backup as running: in the restored installation it is the backup it came from.
      await client.query(
        `UPDATE backup_runs SET status = 'succeeded', finished_at = $2, size_bytes = $3, file_count = $4, location = $5
          WHERE started_at = $1 AND status = 'running'`,
        [
          manifest.takenAt,
          manifest.takenAt,
          piecesOf(manifest).reduce((sum, piece) => sum + piece.size, 0),
          manifest.files.length,
          location,
        ],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/** A queue's dead-letter queue must exist before it (a foreign key): those without one first, then the rest. */
function inDeadLetterOrder(queues: TBackupManifest['database']['queues']) {
  const ordered: typeof queues = [];
  const made = new Set<string>();
  let left = [...queues];
  while (left.length > 0) {
    const ready = left.filter((queue) => {
      const deadLetter = queue.options.deadLetter;
      return typeof deadLetter !== 'string' || made.has(deadLetter) || !left.some((other) => other.name === deadLetter);
    });
    if (ready.length === 0) return [...ordered, ...left];
    for (const queue of ready) {
      ordered.push(queue);
      made.add(queue.name);
    }
    left = left.filter((queue) => !made.has(queue.name));
  }
  return ordered;
}
