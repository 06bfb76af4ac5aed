import { constants, createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileBackend } from './file-backend';
import { KEY_HEADER_LENGTH, rewrapKeyHeader } from './file-format';

export type KeyRotationResult = {
  rewrapped: number;
  alreadyDone: number;
  /** Files neither key opens (or that could not be rewritten), by path under the files folder. */
  failed: { file: string; reason: string }[];
};

// The store's own names: <2 chars>/<uuid>. Its half-written puts end in .tmp and are not files yet.
const STORED_NAME = /^[0-9a-f-]{36}$/;
const TEMP_SUFFIX = '.rekey';
// The work is mostly waiting on fsync: a few at once keep a disk busy without flooding it.
const PARALLEL = 8;

/**
 * Re-wraps every stored file's data key from the old master key to the new one; the data stays as it is. A file is
 * never changed in place: a copy with the new header is flushed to disk, then renamed over it, so at every moment each
 * file opens with one of the two keys. Files the new key already opens are counted and left alone, so a run that was
 * cut short finishes the job when run again with the same keys.
 */
export async function rotateMasterKey(options: { dir: string; from: Buffer; to: Buffer }): Promise<KeyRotationResult> {
  const keys = { from: options.from, to: options.to };
  const result: KeyRotationResult = { rewrapped: 0, alreadyDone: 0, failed: [] };
  for (const folder of await subfolders(options.dir)) {
    const folderPath = path.join(options.dir, folder);
    const entries = await fs.readdir(folderPath, { withFileTypes: true });
    // Copies left by a run that stopped before renaming them; the file they copied is still in place.
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith(TEMP_SUFFIX)) await fs.rm(path.join(folderPath, entry.name), { force: true });
    }
    const names = entries.filter((entry) => entry.isFile() && STORED_NAME.test(entry.name)).map((entry) => entry.name);
    await inParallel(names, PARALLEL, async (name) => {
      try {
        if ((await rotateFile(path.join(folderPath, name), keys)) === 'done') result.alreadyDone++;
        else result.rewrapped++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // deleted meanwhile: nothing left to rotate
        result.failed.push({ file: path.join(folder, name), reason: (error as Error).message });
      }
    });
    // The renames are durable only once the folder is flushed; until then a power cut could bring back old headers,
    // which matters once the old key is thrown away.
    await syncFolder(folderPath);
  }
  result.failed.sort((a, b) => a.file.localeCompare(b.file));
  return result;
}

async function rotateFile(file: string, keys: { from: Buffer; to: Buffer }): Promise<'rewrapped' | 'done'> {
  const header = Buffer.alloc(KEY_HEADER_LENGTH);
  const source = await fs.open(file, 'r');
  let bytesRead: number;
  try {
    ({ bytesRead } = await source.read(header, 0, KEY_HEADER_LENGTH, 0));
  } finally {
    await source.close();
  }
  const rewrapped = rewrapKeyHeader(header.subarray(0, bytesRead), keys);
  if (rewrapped === 'done') return 'done';

  const temp = `${file}${TEMP_SUFFIX}`;
  try {
    // A reflink where the filesystem has them (no data copied), a plain copy elsewhere; the mode is kept.
    await fs.copyFile(file, temp, constants.COPYFILE_FICLONE);
    const copy = await fs.open(temp, 'r+');
    try {
      const { bytesWritten } = await copy.write(rewrapped, 0, rewrapped.length, 0);
      if (bytesWritten !== rewrapped.length) throw new Error('short write of the new header');
      await copy.sync();
    } finally {
      await copy.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return 'rewrapped';
}

/**
 * The same over an S3 bucket (FILES_BACKEND=s3). An object cannot be changed in part, so each one the old key opens is
 * written again whole: the new header, then its data as it was, streamed from a temporary copy so that the object is
 * never read while it is being replaced. S3 replaces an object whole, so each one opens with one of the two keys at
 * every moment, and a run cut short is finished by running it again.
 */
export async function rotateMasterKeyInBucket(options: { backend: FileBackend; from: Buffer; to: Buffer }): Promise<KeyRotationResult> {
  const { backend } = options;
  const keys = { from: options.from, to: options.to };
  const result: KeyRotationResult = { rewrapped: 0, alreadyDone: 0, failed: [] };
  const names: string[] = [];
  for await (const name of backend.keys()) names.push(name);
  const spool = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-rekey-'));
  try {
    await inParallel(names, PARALLEL, async (name) => {
      try {
        if ((await rotateObject(backend, name, keys, spool)) === 'done') result.alreadyDone++;
        else result.rewrapped++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // deleted meanwhile: nothing left to rotate
        result.failed.push({ file: name, reason: (error as Error).message });
      }
    });
  } finally {
    await fs.rm(spool, { recursive: true, force: true });
  }
  result.failed.sort((a, b) => a.file.localeCompare(b.file));
  return result;
}

async function rotateObject(backend: FileBackend, name: string, keys: { from: Buffer; to: Buffer }, spool: string) {
  const head: Buffer[] = [];
  let headLength = 0;
  // Only the header is wanted: leaving the loop ends the read.
  for await (const piece of await backend.read(name)) {
    head.push(Buffer.from(piece));
    headLength += piece.length;
    if (headLength >= KEY_HEADER_LENGTH) break;
  }
  const rewrapped = rewrapKeyHeader(Buffer.concat(head).subarray(0, KEY_HEADER_LENGTH), keys);
  if (rewrapped === 'done') return 'done';

  const copy = path.join(spool, name);
  try {
    await pipeline(Readable.from(await backend.read(name, KEY_HEADER_LENGTH)), createWriteStream(copy, { mode: 0o600 }));
    const { size } = await fs.stat(copy);
    const body = (async function* () {
      yield rewrapped;
      yield* createReadStream(copy);
    })();
    await backend.write(name, body, KEY_HEADER_LENGTH + size);
  } finally {
    await fs.rm(copy, { force: true });
  }
  return 'rewrapped';
}

async function subfolders(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []; // no file stored yet
    throw error;
  });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Flushes a folder's entries (renames, new files) to disk. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
