import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SYSTEM_SETTINGS, SANDBOX_TEST_NUMBERS, ZLastBackupResponse, ZSendFaxResponse } from '@faxline/shared';
import pg from 'pg';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { PASSWORD } from '@test-support/factories/values';
import { BackupRefusedError, checkBackup, restoreBackup } from '../../src/backups/restore-backup';
import { takeBackup } from '../../src/backups/take-backup';
import { automaticBackup } from '../../src/backups/automatic-backups';
import { openBackupStore, openBackupToRestore } from '../../src/backups/backup-store';
import { backupSourcesOf, runBackup } from '../../src/backups/run-backup';
import { fixedClock, setClock } from '../../src/platform/clock';
import { startS3Server, TEST_BUCKET } from '../support/s3-server';
import type { TBackupManifest } from '../../src/backups/backup-manifest';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { localFileBackend } from '../../src/platform/files/local-file-backend';
import { withDatabase } from '../support/global-setup';
import { sendFaxRequest } from '../support/faxes';
import {
  adminSession,
  callApi,
  latestEmailTo,
  openTestApp,
  signIn,
  someClientAddress,
  testConfig,
  type TestApp,
} from '../support/test-app';

// Backups and restores (decision 110): a backup taken while faxes are on their way restores into a new installation
// (a new database, a new files folder, new key files) with every fax, file, setting and queued job, every file's hash
// matching; a backup with one byte changed is refused, naming the piece.

let t: TestApp;
let work: string;
let backup: { manifest: TBackupManifest; size: number; dir: string };
/** The account whose faxes are backed up and exported: its owner's cookie and each fax's uploaded PDF. */
const account = { ownerEmail: '', cookie: '', sent: new Map<string, Uint8Array>() };
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
  Object.assign(account, { ownerEmail: owner.email, cookie });
  // A few sends on their way through the sandbox line while the backup is taken.
  const sent = await Promise.all(
    [1, 2, 1, 2].map(async (pages) => {
      const pdf = await makePdf(pages);
      const response = await sendFaxRequest(t.app, cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine' }, [
        { name: 'letter.pdf', bytes: pdf },
      ]);
      expect(response.statusCode, response.body).toBe(202);
      const { faxId } = ZSendFaxResponse.parse(response.json());
      account.sent.set(faxId, pdf);
      return faxId;
    }),
  );
  expect(sent).toHaveLength(4);
  const dir = path.join(work, 'backups', 'one');
  const taken = await takeBackup(
    {
      database: t.env.database.pool,
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
      expect(
        createHash('sha256')
          .update(await store.get(upload.storage_key))
          .digest('hex'),
      ).toBe(upload.sha256);
    }

    // A fax still on its way at the backup has its next step queued in the restored installation.
    const unfinished = await query<{ id: string }>(
      url,
      "SELECT id FROM faxes WHERE status NOT IN ('delivered', 'failed', 'canceled', 'partially_delivered')",
    );
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
      restoreBackup(backup.dir, {
        databaseUrl: url,
        files: localFileBackend(path.join(work, 'elsewhere')),
        keyFiles,
        environmentMasterKey: undefined,
      }),
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

    // `npm run restore` says the same and ends with a failure.
    const cli = fileURLToPath(new URL('../../src/cli/restore.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
    const run = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
        [cli, damagedDir],
        { cwd: repoRoot, env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: path.join(work, 'cli-installation') } },
        (error, stdout, stderr) => resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(run.output).toContain(`${victim.path} (its SHA-256 does not match)`);
    expect(run.code).toBe(1);
  }, 30_000);
});

describe('automatic backups', () => {
  it('take one a day into the bucket and keep backupRetentionDays of them, never a backup taken by hand', async () => {
    const s3 = await startS3Server();
    try {
      const admin = (await adminSession(t)).cookie;
      const save = async (values: object) => {
        const response = await callApi(t.app, 'PUT', '/api/admin/settings', {
          cookie: admin,
          payload: { values: { ...DEFAULT_SYSTEM_SETTINGS, ...values }, secrets: {} },
          remoteAddress: someClientAddress(),
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      const config = testConfig({ DATA_DIR: path.join(work, 'automatic'), ...s3.env, BACKUP_S3_BUCKET: TEST_BUCKET });
      const store = openBackupStore(config.backups);
      const day = (n: number) => new Date(Date.UTC(2031, 0, 1 + n, 2, 30));
      const run = async (n: number) => {
        setClock(fixedClock(day(n)));
        // The worker's copy of the settings follows the save by NOTIFY; read from the database as it does.
        return automaticBackup({ db: t.db, config, systemSettings: t.env.systemSettings });
      };

      // One taken by hand before: the retention is not for it.
      const sources = await backupSourcesOf(config, t.env.database.pool);
      await runBackup({ db: t.db, store, sources }, { kind: 'manual', takenAt: day(-5) });

      await save({ automaticBackups: 'disabled', backupRetentionDays: 2 });
      await expect.poll(async () => (await t.env.systemSettings.current()).automaticBackups).toBe('disabled');
      expect(await run(0)).toEqual({ taken: null, removed: [] });
      expect(await store.list()).toHaveLength(1);

      await save({ automaticBackups: 'daily', backupRetentionDays: 2 });
      await expect.poll(async () => (await t.env.systemSettings.current()).automaticBackups).toBe('daily');
      for (const n of [0, 1, 2, 3, 4]) expect((await run(n)).taken).toMatch(/^s3:\/\/faxline-files\/faxline-backup-/);
      // A second run the same day takes none.
      expect((await run(4)).taken).toBeNull();
      const kept = await store.list();
      expect(kept.map((backup) => [backup.kind, backup.takenAt.toISOString()])).toEqual([
        ['manual', day(-5).toISOString()],
        ...[day(2), day(3), day(4)].map((d) => ['automatic', d.toISOString()]),
      ]);
      // What was removed left nothing behind in the bucket; what is kept is a whole backup that checks.
      const objects = await s3.objects();
      expect(
        objects.filter((key) => key.startsWith('faxline-backup-')).every((key) => kept.some((b) => key.startsWith(`${b.name}/`))),
      ).toBe(true);

      // A backup in the bucket is downloaded whole for a restore, and every piece checks.
      const fetched = await openBackupToRestore(kept.at(-1)!.location, config.backups);
      try {
        const checked = await checkBackup(fetched.dir);
        expect(checked.manifest.kind).toBe('automatic');
      } finally {
        await fetched.done();
      }

      // The back office shows the last one.
      const last = ZLastBackupResponse.parse((await callApi(t.app, 'GET', '/api/admin/backups/last', { cookie: admin })).json()).last;
      expect(last).toMatchObject({ kind: 'automatic', status: 'succeeded', startedAt: day(4).toISOString() });
      expect(last!.sizeBytes).toBeGreaterThan(0);

      // A backup that cannot be written is recorded as failed, with its reason, and the back office shows it.
      const blocked = path.join(work, 'not-a-folder');
      await fs.writeFile(blocked, 'a file where the backups folder should be');
      await expect(
        runBackup({ db: t.db, store: openBackupStore({ dir: blocked, s3: null }), sources }, { kind: 'manual', takenAt: day(5) }),
      ).rejects.toThrow();
      const failed = ZLastBackupResponse.parse((await callApi(t.app, 'GET', '/api/admin/backups/last', { cookie: admin })).json()).last;
      expect(failed).toMatchObject({ kind: 'manual', status: 'failed', startedAt: day(5).toISOString(), sizeBytes: null });
      expect(failed!.error).toMatch(/ENOTDIR|EEXIST|not a directory/);

      // Weekly: none is due three days after the last.
      await save({ automaticBackups: 'weekly', backupRetentionDays: 30 });
      await expect.poll(async () => (await t.env.systemSettings.current()).automaticBackups).toBe('weekly');
      expect((await run(7)).taken).toBeNull();
      expect((await run(11)).taken).not.toBeNull();
      expect((await run(11)).taken).toBeNull();
    } finally {
      setClock();
      await s3.stop();
    }
  }, 30_000);
});

/** Every entry of a ZIP, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const pieces: Buffer[] = [];
          stream.on('data', (piece: Buffer) => pieces.push(piece));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(pieces));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('the data export', () => {
  it("gives the owner the account's faxes as one ZIP, e-mailed as a link; a member or another account gets none", async () => {
    const asked = await callApi(t.app, 'POST', '/api/account/data-exports', { cookie: account.cookie });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = asked.json<{ id: string }>();
    const listed = async () =>
      (await callApi(t.app, 'GET', '/api/account/data-exports', { cookie: account.cookie })).json<{
        exports: { id: string; status: string }[];
      }>();
    await expect.poll(async () => (await listed()).exports.find((entry) => entry.id === id)?.status, { timeout: 20_000 }).toBe('ready');
    const mail = await latestEmailTo(t.app, account.ownerEmail, /export/i);
    expect(mail.text).toContain('/user/settings#data-export');

    const download = await callApi(t.app, 'GET', `/api/account/data-exports/${id}/download`, { cookie: account.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const entries = await unzip(download.rawPayload);
    const records = JSON.parse(entries.get('faxes.json')!.toString('utf8')) as { id: string; files: { kind: string; path: string }[] }[];
    expect(records.map((record) => record.id).sort()).toEqual([...account.sent.keys()].sort());
    for (const record of records) {
      // The upload, byte for byte as it was sent; the document of record, when it was made, as a PDF.
      const upload = record.files.find((file) => file.kind === 'upload')!;
      expect(Buffer.compare(entries.get(upload.path)!, Buffer.from(account.sent.get(record.id)!)), upload.path).toBe(0);
      for (const file of record.files) expect(entries.has(file.path), file.path).toBe(true);
      const document = record.files.find((file) => file.kind === 'document');
      if (document) expect(entries.get(document.path)!.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const csv = entries
      .get('faxes.csv')!
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv[0]).toMatch(/^id,direction,status,created_at/);
    expect(
      csv
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([...account.sent.keys()].sort());

    // A member of the account, and the owner of another, get nothing; each try is audited.
    const other = await createAccount(t, { members: [{ role: 'user' }] });
    const member = await signIn(t.app, other.members[0]!.email);
    const otherOwner = await signIn(t.app, other.owner.email);
    expect((await callApi(t.app, 'POST', '/api/account/data-exports', { cookie: member })).statusCode).toBe(403);
    expect((await callApi(t.app, 'GET', `/api/account/data-exports/${id}/download`, { cookie: member })).statusCode).toBe(403);
    expect((await callApi(t.app, 'GET', `/api/account/data-exports/${id}/download`, { cookie: otherOwner })).statusCode).toBe(404);
    const audit = await query<{ action: string; outcome: string }>(
      t.env.url,
      "SELECT action, outcome FROM audit_events WHERE object_type = 'data_export' AND object_id = $1 ORDER BY at, id",
      [id],
    );
    expect(audit).toEqual([
      { action: 'data_export.requested', outcome: 'success' },
      { action: 'data_export.downloaded', outcome: 'success' },
      { action: 'data_export.downloaded', outcome: 'denied' },
    ]);

    // The ZIP goes from the file store with the account.
    const [stored] = await query<{ file_key: string }>(t.env.url, 'SELECT file_key FROM data_exports WHERE id = $1', [id]);
    expect(await t.env.filesBackend.size(stored!.file_key)).toBeGreaterThan(0);
    const deleted = await callApi(t.app, 'DELETE', '/api/account', { cookie: account.cookie, payload: { password: PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.env.filesBackend.size(stored!.file_key)).toBeNull();
  }, 30_000);
});
