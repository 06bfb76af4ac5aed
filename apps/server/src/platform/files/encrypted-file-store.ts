import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TConfig } from '../config';
import { readOrCreateLocalSecret } from '../local-secret';
import type { FileBackend } from './file-backend';
import { openFileBackend } from './open-file-backend';
import { type ByteSource, decryptFile, encryptedLength, encryptFile } from './file-format';
import { localFileBackend } from './local-file-backend';

/**
 * Fax documents at rest (documents, fax images, thumbnails, receipts, received faxes): each file encrypted with its
 * own key (file-format.ts), kept by a backend: a folder by default, an S3-compatible bucket at scale (decision 060).
 */
export type StoredFile = { key: string; sha256: string; size: number };

export type FileStore = {
  put: (bytes: Uint8Array) => Promise<StoredFile>;
  /** Stores plain bytes as they come, `size` of them (the encrypted size is stated before the first byte is sent). */
  putStream: (source: ByteSource, size: number) => Promise<StoredFile>;
  get: (key: string) => Promise<Uint8Array>;
  /**
   * The plain bytes as a stream, each piece released only once it is authenticated; a damaged file errors the stream
   * where the damage is. Rejects (code ENOENT for a missing file) before the stream exists when the file is missing,
   * or not readable with this master key, or damaged in its first 64 KiB.
   */
  getStream: (key: string) => Promise<Readable>;
  remove: (key: string) => Promise<void>;
};

export function createEncryptedFileStore(options: { masterKey: Buffer } & ({ dir: string } | { backend: FileBackend })): FileStore {
  const { masterKey } = options;
  if (masterKey.length !== 32) throw new Error('The files master key must be 32 bytes.');
  const backend = 'backend' in options ? options.backend : localFileBackend(options.dir);

  const putStream = async (source: ByteSource, size: number): Promise<StoredFile> => {
    const encrypted = encryptFile(masterKey, source, size);
    const key = randomUUID();
    await backend.write(key, encrypted.chunks, encryptedLength(size));
    return { key, ...encrypted.digest() };
  };

  const getStream = async (key: string): Promise<Readable> => {
    const plain = naming(key, decryptFile(masterKey, await backend.read(key)));
    // The first piece is read before answering, so that a file that cannot be read at all fails here, before a
    // download has begun.
    const first = await plain.next();
    return Readable.from(first.done ? plain : continueWith(first.value, plain));
  };

  return {
    put: (bytes) => putStream([bytes], bytes.length),
    putStream,
    get: async (key) => {
      const pieces: Buffer[] = [];
      for await (const piece of await getStream(key)) pieces.push(piece as Buffer);
      return new Uint8Array(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces));
    },
    getStream,
    remove: (key) => backend.remove(key),
  };
}

/** The file's key in the message of whatever fails while reading it, for the logs. */
async function* naming(key: string, pieces: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* pieces;
  } catch (error) {
    if (error instanceof Error) error.message = `File ${key}: ${error.message}`;
    throw error;
  }
}

async function* continueWith(first: Buffer, rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  yield* rest;
}

/** Where the master key generated on first start is kept when FILES_MASTER_KEY is not set. */
export const localMasterKeyFile = (dataDir: string) => path.join(dataDir, 'files.key');

type FilesConfig = Pick<TConfig, 'filesDir' | 'filesMasterKey' | 'dataDir' | 'filesBackend' | 's3'>;

/** FILES_MASTER_KEY, or the key generated once into DATA_DIR/files.key. */
export async function filesMasterKeyOf(config: FilesConfig): Promise<Buffer> {
  return config.filesMasterKey ?? Buffer.from(await readOrCreateLocalSecret(localMasterKeyFile(config.dataDir)), 'base64url');
}

/** The store of this installation: FILES_BACKEND's backend, with FILES_MASTER_KEY or a key generated once. */
export async function openFileStore(config: FilesConfig): Promise<FileStore> {
  return createEncryptedFileStore({ backend: openFileBackend(config), masterKey: await filesMasterKeyOf(config) });
}
