import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/support/s3-server';
import { createEncryptedFileStore } from '../platform/files/encrypted-file-store';
import { openFileBackend } from '../platform/files/open-file-backend';
import { loadConfig } from '../platform/config';

const cli = fileURLToPath(new URL('./rotate-files-key.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

const keyA = randomBytes(32);
const keyB = randomBytes(32);

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-rotate-cli-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const filesDir = () => path.join(dataDir, 'files');
const keyFile = () => path.join(dataDir, 'files.key');

/** `npm run files:rotate-key` with only the given settings (no server runs on this DATA_DIR). */
function rotate(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli],
      { cwd: repoRoot, env: { NODE_ENV: 'development', DATA_DIR: dataDir, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

async function storeTwo(masterKey: Buffer) {
  const store = createEncryptedFileStore({ dir: filesDir(), masterKey });
  const documents = [randomBytes(2_000), randomBytes(5_000)];
  return { documents, keys: await Promise.all(documents.map(async (bytes) => (await store.put(bytes)).key)) };
}

async function readsWith(masterKey: Buffer, key: string) {
  return Buffer.from(await createEncryptedFileStore({ dir: filesDir(), masterKey }).get(key));
}

describe('npm run files:rotate-key', () => {
  it('with the key in DATA_DIR/files.key, re-wraps the files and then puts the new key in that file', async () => {
    await fs.writeFile(keyFile(), keyA.toString('base64url'));
    const { documents, keys } = await storeTwo(keyA);

    const { code, output } = await rotate({ NEW_FILES_MASTER_KEY: keyB.toString('base64') });

    expect(output).toContain('2 re-wrapped, 0 already on the new key, 0 failed.');
    expect(code).toBe(0);
    expect(Buffer.from((await fs.readFile(keyFile(), 'utf8')).trim(), 'base64url').equals(keyB)).toBe(true);
    await expect(fs.access(`${keyFile()}.next`)).rejects.toThrow();
    for (const [i, key] of keys.entries()) expect((await readsWith(keyB, key)).equals(documents[i]!)).toBe(true);
  }, 30_000);

  it('with FILES_MASTER_KEY, re-wraps the files and tells the operator to set the new key', async () => {
    const { documents, keys } = await storeTwo(keyA);

    const { code, output } = await rotate({ FILES_MASTER_KEY: keyA.toString('base64'), NEW_FILES_MASTER_KEY: keyB.toString('base64') });

    expect(code).toBe(0);
    expect(output).toContain('Now set FILES_MASTER_KEY to the new key');
    await expect(fs.access(keyFile())).rejects.toThrow();
    for (const [i, key] of keys.entries()) expect((await readsWith(keyB, key)).equals(documents[i]!)).toBe(true);
  }, 30_000);

  it('with FILES_BACKEND=s3, re-wraps the objects of the bucket', async () => {
    const s3 = await startS3Server();
    const backend = openFileBackend(loadConfig({ NODE_ENV: 'test', FILES_BACKEND: 's3', ...s3.env }));
    try {
      const store = (masterKey: Buffer) => createEncryptedFileStore({ backend, masterKey });
      const document = randomBytes(3_000);
      const { key } = await store(keyA).put(document);

      const { code, output } = await rotate({
        FILES_BACKEND: 's3',
        ...s3.env,
        FILES_MASTER_KEY: keyA.toString('base64'),
        NEW_FILES_MASTER_KEY: keyB.toString('base64'),
      });

      expect(output).toContain(`Rotating the master key of the files in the bucket ${s3.env.S3_BUCKET}...`);
      expect(output).toContain('1 re-wrapped, 0 already on the new key, 0 failed.');
      expect(code).toBe(0);
      expect(Buffer.from(await store(keyB).get(key)).equals(document)).toBe(true);
      await expect(fs.readdir(filesDir())).rejects.toThrow();
    } finally {
      backend.close?.();
      await s3.stop();
    }
  }, 30_000);

  it('refuses a missing or malformed new key in one line, changing nothing', async () => {
    await fs.writeFile(keyFile(), keyA.toString('base64url'));
    const { keys } = await storeTwo(keyA);

    for (const value of [undefined, 'c2hvcnQ=']) {
      const { code, output } = await rotate(value === undefined ? {} : { NEW_FILES_MASTER_KEY: value });
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toHaveLength(1);
      expect(output).toMatch(/^NEW_FILES_MASTER_KEY is not (set|a valid key)/);
    }
    expect(Buffer.from(await fs.readFile(keyFile(), 'utf8'), 'base64url').equals(keyA)).toBe(true);
    await expect(readsWith(keyA, keys[0]!)).resolves.toBeDefined();
  }, 30_000);

  it('fails naming a file neither key opens, keeps the old key file and the pending new key, and finishes once it is moved', async () => {
    await fs.writeFile(keyFile(), keyA.toString('base64url'));
    const { documents, keys } = await storeTwo(keyA);
    const stranger = (await createEncryptedFileStore({ dir: filesDir(), masterKey: randomBytes(32) }).put(randomBytes(100))).key;

    const failed = await rotate({ NEW_FILES_MASTER_KEY: keyB.toString('base64') });

    expect(failed.code).toBe(1);
    expect(failed.output).toContain(`not rotated: ${path.join(stranger.slice(0, 2), stranger)}`);
    expect(failed.output).toContain('2 re-wrapped, 0 already on the new key, 1 failed.');
    expect(Buffer.from(await fs.readFile(keyFile(), 'utf8'), 'base64url').equals(keyA)).toBe(true);
    expect(Buffer.from(await fs.readFile(`${keyFile()}.next`, 'utf8'), 'base64url').equals(keyB)).toBe(true);

    // Another new key would strand the files already moved to the pending one.
    const other = await rotate({ NEW_FILES_MASTER_KEY: randomBytes(32).toString('base64') });
    expect(other.code).toBe(1);
    expect(other.output).toContain('holds the new key of a rotation that did not finish');

    await fs.rm(path.join(filesDir(), stranger.slice(0, 2), stranger));
    const finished = await rotate({ NEW_FILES_MASTER_KEY: keyB.toString('base64') });
    expect(finished.output).toContain('0 re-wrapped, 2 already on the new key, 0 failed.');
    expect(finished.code).toBe(0);
    expect(Buffer.from(await fs.readFile(keyFile(), 'utf8'), 'base64url').equals(keyB)).toBe(true);
    for (const [i, key] of keys.entries()) expect((await readsWith(keyB, key)).equals(documents[i]!)).toBe(true);
  }, 60_000);
});
