import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_TEST_NUMBERS, ZSendFaxResponse } from '@faxline/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { BackupRefusedError, checkBackup, restoreBackup } from '../../src/backups/restore-backup';
import { takeBackup } from '../../src/backups/take-backup';
import type { TBackupManifest } from '../../src/backups/backup-manifest';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { localFileBackend } from '../../src/platform/files/local-file-backend';
import { withDatabase } from '../support/global-setup';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

// Backups and restores (decision 110): a backup taken while faxes are on their way restores into a new installation
// (a new database, a new files folder, new key files) with every fax, file, setting and queued job, every file's hash
// matching; a backup with one byte changed is refused, naming the piece.

let t: TestApp;
let work: string;
let backup: { manifest: TBackupManifest; size: number; dir: string };
const databases: string[] = [];

/** A new, empty database on the tests' cluster: the database of a new installation. */
async function newDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  const name = `restore_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  return withDatabase(inject('pgAdminUrl'), name);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.01' } });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-backups-'));
  // The installation keeps its keys in its data folder, as the embedded default does.
  await fs.writeFile(path.join(work, 'files.key'), t.env.masterKey.toString('base64url'));
  await fs.writeFile(path.join(work, 'auth.secret'), t.config.authSecret!);

  const { owner } = await createAccount(t);
  const cookie = await signIn(t.app, owner.email);
  // A few sends on their way through the sandbox line while the backup is taken.
  const sent = await Promise.all(
    [1, 2, 1, 2].map(async (pages) => {
      const response = await sendFaxRequest(t.app, cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine' }, [
        { name: 'letter.pdf', bytes: await makePdf(pages) },
      ]);
      expect(response.statusCode, response.body).toBe(202);
      return ZSendFaxResponse.parse(response.json()).faxId;
    }),
  );
  expect(sent).toHaveLength(4);
  const dir = path.join(work, 'backups', 'one');
  const taken = await takeBackup(
    {
      databaseUrl: t.env.url,
      files: t.env.filesBackend,
      masterKey: t.env.masterKey,
      keyFiles: { filesMasterKey: path.join(work, 'files.key'), installationSecret: path.join(work, 'auth.secret') },
    },
    { dir, kind: 'manual', takenAt: new Date() },
  );
  backup = { ...taken, dir };
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (databases.length > 0) {
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('a backup taken while faxes are sent', () => {
  it('restores into a new installation with every fax, file, setting and queued job, every hash matching', async () => {
    const { manifest } = backup;
    const rowsOf = (table: string) => manifest.database.tables.find((entry) => entry.schema === 'public' && entry.table === table)!.rows;
    expect(rowsOf('faxes')).toBe(4);
    expect(manifest.files.length).toBeGreaterThanOrEqual(4);
    // Some of the four were still on their way: their jobs are in the backup, a promise (the 202) kept after a restore.
    const jobs = manifest.database.tables.find((entry) => entry.schema === 'pgboss' && entry.table === 'job')!;
    expect(jobs.rows).toBeGreaterThan(0);

    const url = await newDatabase();
    const dataDir = path.join(work, 'new-installation');
    const filesDir = path.join(dataDir, 'files');
    const keyFiles = { filesMasterKey: path.join(dataDir, 'files.key'), installationSecret: path.join(dataDir, 'auth.secret') };
    await restoreBackup(backup.dir, { databaseUrl: url, files: localFileBackend(filesDir), keyFiles, environmentMasterKey: undefined });

    // Every table has the backup's rows, and the settings are the source's.
    for (const table of manifest.database.tables) {
      const [row] = await query<{ count: string }>(url, `SELECT count(*)::text AS count FROM "${table.schema}"."${table.table}"`);
      expect(Number(row!.count), `${table.schema}.${table.table}`).toBe(table.rows);
    }
    const settingsOf = (at: string) => query(at, 'SELECT * FROM system_settings ORDER BY 1');
    expect(await settingsOf(url)).toEqual(await settingsOf(t.env.url));

    // Every file is there byte for byte, and opens with the restored key to the bytes the database knows.
    for (const file of manifest.files) {
      const bytes = await fs.readFile(path.join(filesDir, file.key.slice(0, 2), file.key));
      expect(createHash('sha256').update(bytes).digest('hex'), file.key).toBe(file.sha256);
    }
    const restoredKey = Buffer.from(await fs.readFile(keyFiles.filesMasterKey, 'utf8'), 'base64url');
    expect(restoredKey.equals(t.env.masterKey)).toBe(true);
    expect(await fs.readFile(keyFiles.installationSecret, 'utf8')).toBe(t.config.authSecret);
    const store = createEncryptedFileStore({ dir: filesDir, masterKey: restoredKey });
    const uploads = await query<{ storage_key: string; sha256: string }>(url, 'SELECT storage_key, sha256 FROM fax_files');
    expect(uploads).toHaveLength(4);
    for (const upload of uploads) {
      expect(createHash('sha256').update(await store.get(upload.storage_key)).digest('hex')).toBe(upload.sha256);
    }

    // A fax still on its way at the backup has its next step queued in the restored installation.
    const unfinished = await query<{ id: string }>(url, "SELECT id FROM faxes WHERE status NOT IN ('delivered', 'failed', 'canceled', 'partially_delivered')");
    expect(unfinished.length, 'faxes on their way when the backup was taken').toBeGreaterThan(0);
    for (const fax of unfinished) {
      const [job] = await query<{ count: string }>(
        url,
        "SELECT count(*)::text AS count FROM pgboss.job WHERE data->>'faxId' = $1 AND state IN ('created', 'retry', 'active')",
        [fax.id],
      );
      expect(Number(job!.count), `the next step of fax ${fax.id}`).toBeGreaterThan(0);
    }

    // Restoring the same backup again into that installation, now not empty, is refused.
    await expect(
      restoreBackup(backup.dir, { databaseUrl: url, files: localFileBackend(path.join(work, 'elsewhere')), keyFiles, environmentMasterKey: undefined }),
    ).rejects.toThrow(/not empty: its database has people or accounts/);
  }, 30_000);

  it('refuses a damaged backup, naming the file, and changes nothing', async () => {
    const damagedDir = path.join(work, 'backups', 'damaged');
    await fs.cp(backup.dir, damagedDir, { recursive: true });
    const victim = backup.manifest.files[0]!;
    const file = path.join(damagedDir, victim.path);
    const bytes = await fs.readFile(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await fs.writeFile(file, bytes);

    await expect(checkBackup(damagedDir)).rejects.toThrow(BackupRefusedError);
    await expect(checkBackup(damagedDir)).rejects.toThrow(`${victim.path} (its SHA-256 does not match)`);
    const url = await newDatabase();
    const filesDir = path.join(work, 'never-written');
    await expect(
      restoreBackup(damagedDir, {
        databaseUrl: url,
        files: localFileBackend(filesDir),
        keyFiles: { filesMasterKey: null, installationSecret: null },
        environmentMasterKey: undefined,
      }),
    ).rejects.toThrow(victim.path);
    await expect(fs.access(filesDir)).rejects.toThrow();
    expect(await query(url, "SELECT to_regclass('public.faxes') AS t")).toEqual([{ t: null }]);
  });
});
