import { createHash } from 'node:crypto';
import type { FileBackend } from './file-backend';
import { decryptFile } from './file-format';

/** A stored file the database refers to, with the SHA-256 of its plain bytes where a column keeps one. */
export type FileToMove = { key: string; sha256: string | null };

export type MoveResult = {
  copied: number;
  /** Already in the target and reading back with the right hash: left as they were. */
  alreadyThere: number;
  /** In the target but not reading back right (damaged there): copied again. */
  replaced: number;
  failed: { key: string; reason: string }[];
};

// Each file is read from one backend and twice from the other: a few at once keep both busy without flooding either.
const PARALLEL = 4;

/**
 * Copies each file from one backend to the other as its stored bytes (the same encryption, so the same master key
 * reads both), then reads the copy back, decrypts it and compares its SHA-256 with the hash the database keeps, or,
 * where it keeps none, with the source's. A file already in the target that reads back right is left alone, so a run
 * cut short finishes when run again. The source is never changed.
 */
export async function moveFiles(options: {
  files: AsyncIterable<FileToMove>;
  from: FileBackend;
  to: FileBackend;
  masterKey: Buffer;
}): Promise<MoveResult> {
  const { from, to, masterKey } = options;
  const result: MoveResult = { copied: 0, alreadyThere: 0, replaced: 0, failed: [] };
  const hashIn = (backend: FileBackend, key: string) => plainSha256(backend, key, masterKey);

  const moveOne = async ({ key, sha256 }: FileToMove) => {
    const inTarget = (await to.size(key)) === null ? null : await hashIn(to, key).catch(() => 'unreadable');
    let expected = sha256;
    if (expected === null) {
      expected = await hashIn(from, key).catch((error: NodeJS.ErrnoException) => {
        // Gone from the source but already copied (an earlier run, then the source was cleared): the copy decrypts, so
        // it is the file as it was written.
        if (error.code === 'ENOENT' && inTarget !== null && inTarget !== 'unreadable') return inTarget;
        throw error;
      });
    }
    if (inTarget === expected) return 'alreadyThere';

    const size = await from.size(key);
    if (size === null) throw new Error(`missing in ${from.name}`);
    await to.write(key, await from.read(key), size);
    const copied = await hashIn(to, key).catch((error: Error) => `unreadable (${error.message})`);
    if (copied !== expected) throw new Error(`the copy in ${to.name} reads back as ${copied}, expected ${expected}`);
    return inTarget === null ? 'copied' : 'replaced';
  };

  const iterator = options.files[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const file = next.value;
      try {
        result[await moveOne(file)]++;
      } catch (error) {
        result.failed.push({ key: file.key, reason: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  result.failed.sort((a, b) => a.key.localeCompare(b.key));
  return result;
}

/** The SHA-256 of a stored file's plain bytes, read and authenticated as a stream. */
async function plainSha256(backend: FileBackend, key: string, masterKey: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of decryptFile(masterKey, await backend.read(key))) hash.update(piece);
  return hash.digest('hex');
}
