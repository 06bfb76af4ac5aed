import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { createFax } from '@test-support/factories/faxes';
import { createEncryptedFileStore, type FileStore } from '../../src/platform/files/encrypted-file-store';
import { openFileBackend } from '../../src/platform/files/open-file-backend';
import { faxAttempts, faxFiles } from '../../src/faxes/schema';
import { startS3Server } from '../support/s3-server';
import { openTestApp, testConfig, type TestApp } from '../support/test-app';

// `npm run files:move` (decision 060): every file the database refers to, copied from the folder to
// the bucket, each copy read back and its SHA-256 checked; safe to run again; any mismatch fails the run.

const cli = fileURLToPath(new URL('../../src/cli/move-files.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const masterKey = randomBytes(32);

let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let dataDir: string;
let local: FileStore;
let bucket: FileStore;
/** Each referenced file's key and plain bytes. */
const stored = new Map<string, Buffer>();
/** Keys by kind: the upload (its hash is in fax_files), the fax image and the thumbnail (no hash kept). */
const named = { upload: '', image: '', thumbnail: '' };

beforeAll(async () => {
  [t, s3] = await Promise.all([openTestApp({ work: false }), startS3Server()]);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-move-'));
  const config = testConfig({ DATA_DIR: dataDir, ...s3.env });
  local = createEncryptedFileStore({ backend: openFileBackend(config, 'local'), masterKey });
  bucket = createEncryptedFileStore({ backend: openFileBackend(config, 's3'), masterKey });

  // One fax with every kind of file the database refers to: uploads and the document of record (with their hashes),
  // the fax image, thumbnail and receipt, and a try's image (without).
  const keep = async (bytes: Buffer) => {
    const file = await local.put(bytes);
    stored.set(file.key, bytes);
    return file;
  };
  const { owner } = await createAccount(t);
  const [document, image, thumbnail, receipt, tryImage] = await Promise.all(
    [Buffer.from(await makePdf(2)), randomBytes(150_000), randomBytes(3_000), randomBytes(9_000), randomBytes(70_000)].map(keep),
  );
  const upload = Buffer.from(await makePdf(1));
  const fax = await createFax(
    { db: t.db, files: local },
    {
      accountId: owner.accountId,
      documentKey: document!.key,
      documentSha256: document!.sha256,
      imageKey: image!.key,
      thumbnailKey: thumbnail!.key,
      receiptKey: receipt!.key,
      files: [{ name: 'letter.pdf', bytes: upload }],
    },
  );
  await t.db.insert(faxAttempts).values({ faxId: fax.id, number: 1, line: 'internal', result: 'delivered', imageKey: tryImage!.key });
  const [uploaded] = await t.db.select().from(faxFiles).where(eq(faxFiles.faxId, fax.id));
  stored.set(uploaded!.storageKey, upload);
  Object.assign(named, { upload: uploaded!.storageKey, image: image!.key, thumbnail: thumbnail!.key });
}, 120_000);

afterAll(async () => {
  await Promise.all([t?.close(), s3?.stop()]);
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** `npm run files:move -- --from local --to s3`, on the test's database, folder and bucket. */
function move(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, '--from', 'local', '--to', 's3'],
      {
        cwd: repoRoot,
        env: { NODE_ENV: 'test', DATABASE_URL: t.env.url, DATA_DIR: dataDir, FILES_MASTER_KEY: masterKey.toString('base64'), ...s3.env },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe('npm run files:move -- --from local --to s3', () => {
  it('copies every referenced file, verified, then finds them all there when run again; the folder keeps its files', async () => {
    expect(stored.size).toBe(6);

    const first = await move();
    expect(first.output).toContain('6 copied, 0 already there and verified, 0 replaced (the copy there did not verify), 0 failed.');
    expect(first.code).toBe(0);
    expect((await s3.objects()).sort()).toEqual([...stored.keys()].sort());
    for (const [key, bytes] of stored) {
      expect(Buffer.from(await bucket.get(key)).equals(bytes)).toBe(true);
      // Not deleted from the source.
      expect(Buffer.from(await local.get(key)).equals(bytes)).toBe(true);
    }

    const again = await move();
    expect(again.output).toContain('0 copied, 6 already there and verified, 0 replaced');
    expect(again.code).toBe(0);
  }, 60_000);

  it('copies again an object damaged in the bucket; fails, naming them, on files damaged at the source', async () => {
    const damage = (bytes: Buffer) => {
      bytes[bytes.length - 20]! ^= 1;
      return bytes;
    };
    await s3.overwriteObject(named.image, damage(await s3.objectBytes(named.image)));
    // Damaged at the source, and so in the bucket too (as if before the first run): one file whose hash the database
    // keeps, so that the copy is made and read back; one whose hash it does not, so that the source cannot be read.
    for (const key of [named.upload, named.thumbnail]) {
      const file = path.join(dataDir, 'files', key.slice(0, 2), key);
      const bytes = damage(await fs.readFile(file));
      await fs.writeFile(file, bytes);
      await s3.overwriteObject(key, bytes);
    }

    const result = await move();

    expect(result.output).toContain('0 copied, 3 already there and verified, 1 replaced (the copy there did not verify), 2 failed.');
    expect(result.output).toContain(`failed: ${named.upload} (the copy in s3 reads back as unreadable`);
    expect(result.output).toContain(`failed: ${named.thumbnail} (`);
    expect(result.output).toContain('Do not switch FILES_BACKEND to s3 yet');
    expect(result.code).toBe(1);
    expect(Buffer.from(await bucket.get(named.image)).equals(stored.get(named.image)!)).toBe(true);
  }, 60_000);
});
