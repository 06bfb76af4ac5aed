import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startS3Server } from '../../../test/support/s3-server';
import { createEncryptedFileStore } from './encrypted-file-store';
import { loadConfig } from '../config';
import { openFileBackend } from './open-file-backend';
import { KEY_HEADER_LENGTH } from './file-format';
import { rotateMasterKey, rotateMasterKeyInBucket } from './rotate-master-key';

const keyA = randomBytes(32);
const keyB = randomBytes(32);

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-rotate-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

const storeWith = (masterKey: Buffer) => createEncryptedFileStore({ dir, masterKey });
const fileOf = (key: string) => path.join(dir, key.slice(0, 2), key);
const documents = Array.from({ length: 5 }, (_, i) => randomBytes(1_000 + i * 3_000));

/** Stores each document with the given key; returns the store's file keys in the same order. */
async function storeAll(masterKey: Buffer, contents: Buffer[] = documents): Promise<string[]> {
  const store = storeWith(masterKey);
  return Promise.all(contents.map(async (bytes) => (await store.put(bytes)).key));
}

async function readsWith(masterKey: Buffer, key: string): Promise<Buffer | undefined> {
  return storeWith(masterKey)
    .get(key)
    .then((bytes) => Buffer.from(bytes))
    .catch(() => undefined);
}

describe('rotating the files master key', () => {
  it('re-wraps every file so that the new key reads the same bytes and the old key reads none', async () => {
    const keys = await storeAll(keyA);

    const result = await rotateMasterKey({ dir, from: keyA, to: keyB });

    expect(result).toEqual({ rewrapped: documents.length, alreadyDone: 0, failed: [] });
    for (const [i, key] of keys.entries()) {
      expect((await readsWith(keyB, key))?.equals(documents[i]!)).toBe(true);
      expect(await readsWith(keyA, key)).toBeUndefined();
    }
  });

  it('changes only the key header: the encrypted data is the same bytes', async () => {
    const [key] = await storeAll(keyA, [documents[4]!]);
    const before = await fs.readFile(fileOf(key!));

    await rotateMasterKey({ dir, from: keyA, to: keyB });

    const after = await fs.readFile(fileOf(key!));
    expect(after.length).toBe(before.length);
    expect(after.subarray(KEY_HEADER_LENGTH).equals(before.subarray(KEY_HEADER_LENGTH))).toBe(true);
    // The format's version stays (new files are FXL2, decision 060).
    expect(after.subarray(0, 4).toString()).toBe('FXL2');
    // The wrap IV, tag and wrapped key are new.
    expect(after.subarray(4, 16).equals(before.subarray(4, 16))).toBe(false);
    expect(after.subarray(32, KEY_HEADER_LENGTH).equals(before.subarray(32, KEY_HEADER_LENGTH))).toBe(false);
  });

  it('does nothing when run again, and says every file is already done', async () => {
    const keys = await storeAll(keyA);
    await rotateMasterKey({ dir, from: keyA, to: keyB });
    const rotated = await Promise.all(keys.map((key) => fs.readFile(fileOf(key))));

    const again = await rotateMasterKey({ dir, from: keyA, to: keyB });

    expect(again).toEqual({ rewrapped: 0, alreadyDone: documents.length, failed: [] });
    for (const [i, key] of keys.entries()) expect((await fs.readFile(fileOf(key))).equals(rotated[i]!)).toBe(true);
  });

  it('finishes a rotation that stopped half-way, clearing the copies it left', async () => {
    const onA = await storeAll(keyA, documents.slice(0, 3));
    const onB = await storeAll(keyB, documents.slice(3));
    // A copy made before the stop, never renamed; and a half-written upload of the store's, which is not a file yet.
    await fs.writeFile(`${fileOf(onA[0]!)}.rekey`, 'partial copy');
    await fs.writeFile(`${fileOf(onB[0]!)}.tmp`, 'partial upload');

    const result = await rotateMasterKey({ dir, from: keyA, to: keyB });

    expect(result).toEqual({ rewrapped: 3, alreadyDone: 2, failed: [] });
    for (const [i, key] of [...onA, ...onB].entries()) expect((await readsWith(keyB, key))?.equals(documents[i]!)).toBe(true);
    await expect(fs.access(`${fileOf(onA[0]!)}.rekey`)).rejects.toThrow();
  });

  it('leaves every file readable by one of the two keys when it stops mid-way, and the next run finishes', async () => {
    const keys = await storeAll(keyA);
    // The process freezes (as if killed) at its third replacement: two files done, a third copied but not renamed.
    const rename = fs.rename;
    let renames = 0;
    vi.spyOn(fs, 'rename').mockImplementation((from, to) => (++renames > 2 ? new Promise<void>(() => {}) : rename(from, to)));
    void rotateMasterKey({ dir, from: keyA, to: keyB });
    await vi.waitFor(() => expect(renames).toBeGreaterThanOrEqual(3));
    expect((await fs.readdir(dir, { recursive: true })).filter((name) => name.endsWith('.rekey')).length).toBeGreaterThan(0);

    const readable = await Promise.all(keys.map(async (key) => ({ a: await readsWith(keyA, key), b: await readsWith(keyB, key) })));
    expect(readable.filter(({ b }) => b).length).toBe(2);
    for (const [i, { a, b }] of readable.entries()) expect((a ?? b)?.equals(documents[i]!)).toBe(true);

    vi.restoreAllMocks();
    const result = await rotateMasterKey({ dir, from: keyA, to: keyB });

    expect(result).toEqual({ rewrapped: 3, alreadyDone: 2, failed: [] });
    for (const [i, key] of keys.entries()) expect((await readsWith(keyB, key))?.equals(documents[i]!)).toBe(true);
    const left = (await fs.readdir(dir, { recursive: true })).filter((name) => name.endsWith('.rekey'));
    expect(left).toEqual([]);
  });

  it('names a file that neither key opens and reports the rotation as failed, rotating the others', async () => {
    const keys = await storeAll(keyA, documents.slice(0, 2));
    const [foreign] = await storeAll(randomBytes(32), [documents[2]!]);
    const foreignBytes = await fs.readFile(fileOf(foreign!));
    const notOurs = '0f0f0f0f-0000-4000-8000-000000000000';
    await fs.mkdir(path.join(dir, '0f'), { recursive: true });
    await fs.writeFile(fileOf(notOurs), 'not an encrypted file');

    const result = await rotateMasterKey({ dir, from: keyA, to: keyB });

    expect(result.rewrapped).toBe(2);
    expect(result.alreadyDone).toBe(0);
    expect(result.failed).toEqual(
      [
        { file: path.join(foreign!.slice(0, 2), foreign!), reason: 'neither the old nor the new master key opens it' },
        { file: path.join('0f', notOurs), reason: 'not a Faxline encrypted file' },
      ].sort((a, b) => a.file.localeCompare(b.file)),
    );
    expect((await fs.readFile(fileOf(foreign!))).equals(foreignBytes)).toBe(true);
    for (const [i, key] of keys.entries()) expect((await readsWith(keyB, key))?.equals(documents[i]!)).toBe(true);
  });

  it('has nothing to do before any file is stored', async () => {
    expect(await rotateMasterKey({ dir: path.join(dir, 'files'), from: keyA, to: keyB })).toEqual({
      rewrapped: 0,
      alreadyDone: 0,
      failed: [],
    });
  });
});

describe('rotating the files master key in an S3 bucket', () => {
  it('writes each object again with the new header and the same data; a second run finds them done', async () => {
    const s3 = await startS3Server();
    const backend = openFileBackend(loadConfig({ NODE_ENV: 'test', FILES_BACKEND: 's3', ...s3.env }));
    try {
      const store = (masterKey: Buffer) => createEncryptedFileStore({ backend, masterKey });
      const contents = [...documents, randomBytes(200_000)];
      const keys = await Promise.all(contents.map(async (bytes) => (await store(keyA).put(bytes)).key));
      const foreign = (await store(randomBytes(32)).put(documents[0]!)).key;
      const before = await s3.objectBytes(keys.at(-1)!);

      const result = await rotateMasterKeyInBucket({ backend, from: keyA, to: keyB });

      expect(result).toEqual({
        rewrapped: contents.length,
        alreadyDone: 0,
        failed: [{ file: foreign, reason: 'neither the old nor the new master key opens it' }],
      });
      const after = await s3.objectBytes(keys.at(-1)!);
      expect(after.subarray(KEY_HEADER_LENGTH).equals(before.subarray(KEY_HEADER_LENGTH))).toBe(true);
      expect(after.subarray(0, KEY_HEADER_LENGTH).equals(before.subarray(0, KEY_HEADER_LENGTH))).toBe(false);
      for (const [i, key] of keys.entries()) {
        expect(Buffer.from(await store(keyB).get(key)).equals(contents[i]!)).toBe(true);
        await expect(store(keyA).get(key)).rejects.toThrow(/master key does not open/);
      }

      const again = await rotateMasterKeyInBucket({ backend, from: keyA, to: keyB });
      expect(again).toMatchObject({ rewrapped: 0, alreadyDone: contents.length });
    } finally {
      backend.close?.();
      await s3.stop();
    }
  });
});
