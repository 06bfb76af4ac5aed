import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptFile, encryptFile, type ByteSource } from '../platform/files/file-format';

/** A message, or one of its files, on disk while the gateway reads it: readable by this process only, once. */
export type SpooledFile = {
  /** Plain bytes kept. */
  size: number;
  /** The plain bytes again, a segment at a time (each authenticated before it is released). */
  read: () => Readable;
  remove: () => Promise<void>;
};

export type Spool = {
  /** Keeps the bytes as they come, encrypted, without holding more than a segment of them. */
  store: (source: ByteSource) => Promise<SpooledFile>;
  /** Removes the folder and whatever is still in it. */
  close: () => Promise<void>;
};

/** The folders of the spools open in this process: another's folder with this process's id is a dead one's. */
const openHere = new Set<string>();

/**
 * The gateway's spool (decision 066): each file is encrypted in the documents' streamed format (FXL2) with a key of its
 * own that only this process's memory holds, so a spool file outlives its reader as unreadable bytes, never as mail.
 * Each gateway has a folder of its own under `root`, named by its process id; folders left by a process that is gone
 * (a crash) are removed when the next gateway opens its spool.
 */
export async function openSpool(root: string): Promise<Spool> {
  await removeDeadSpools(root);
  const dir = path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  openHere.add(dir);

  return {
    store: async (source) => {
      const key = randomBytes(32);
      const file = path.join(dir, randomUUID());
      const encrypted = encryptFile(key, source);
      try {
        await pipeline(Readable.from(encrypted.chunks), createWriteStream(file, { mode: 0o600, flags: 'wx' }));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
      return {
        size: encrypted.digest().size,
        read: () => Readable.from(decryptFile(key, createReadStream(file)), { objectMode: false }),
        remove: () => fs.rm(file, { force: true }),
      };
    },
    close: async () => {
      openHere.delete(dir);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function removeDeadSpools(root: string): Promise<void> {
  const entries = await fs.readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const dir = path.join(root, entry.name);
    const pid = Number(/^(\d+)-[0-9a-f]+$/.exec(entry.name)?.[1]);
    if (openHere.has(dir) || (pid !== process.pid && isRunning(pid))) continue;
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Whether a process with this id runs on this machine (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
