import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { readOrCreateLocalSecret } from '../platform/local-secret';

/**
 * Fax documents at rest: each file is encrypted with its own AES-256-GCM key, and that key is stored beside it
 * wrapped (encrypted) by the master key. Losing a file's bytes or its tag makes reading fail loudly, never silently.
 * The embedded default keeps files in a folder; at scale the same format goes to an S3-compatible bucket.
 *
 * Layout: "FXL1" | wrap IV (12) | wrap tag (16) | wrapped key (32) | data IV (12) | data tag (16) | ciphertext.
 */
const MAGIC = Buffer.from('FXL1');
/** The magic and the wrap (IV, tag, wrapped data key): all a master key protects, and all that rotating it rewrites. */
export const KEY_HEADER_LENGTH = MAGIC.length + 12 + 16 + 32;

export type StoredFile = { key: string; sha256: string; size: number };

export type FileStore = {
  put: (bytes: Uint8Array) => Promise<StoredFile>;
  get: (key: string) => Promise<Uint8Array>;
  remove: (key: string) => Promise<void>;
};

function seal(key: Buffer, plain: Uint8Array): Buffer[] {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // GCM is a stream mode: update() returns all the ciphertext and final() nothing, so no concatenation is needed.
  const encrypted = cipher.update(plain);
  const rest = cipher.final();
  return [iv, cipher.getAuthTag(), rest.length ? Buffer.concat([encrypted, rest]) : encrypted];
}

function open(key: Buffer, iv: Buffer, tag: Buffer, encrypted: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const plain = decipher.update(encrypted);
  // final() checks the tag: it throws on a tampered file or a wrong key.
  const rest = decipher.final();
  return rest.length ? Buffer.concat([plain, rest]) : plain;
}

const isOurHeader = (header: Buffer) => header.length >= KEY_HEADER_LENGTH && header.subarray(0, 4).equals(MAGIC);

/** A file's data key, from its first KEY_HEADER_LENGTH bytes; throws on a foreign file or the wrong master key. */
function unwrapDataKey(masterKey: Buffer, header: Buffer): Buffer {
  if (!isOurHeader(header)) throw new Error('not a Faxline encrypted file');
  return open(masterKey, header.subarray(4, 16), header.subarray(16, 32), header.subarray(32, KEY_HEADER_LENGTH));
}

/**
 * For master key rotation: the header re-wrapped from one master key to the other (fresh IV), or 'done' when the new key
 * already opens it. Throws when neither key opens it. The data key, and so the data and its IV and tag, stay as they are.
 */
export function rewrapKeyHeader(header: Buffer, keys: { from: Buffer; to: Buffer }): Buffer | 'done' {
  if (!isOurHeader(header)) throw new Error('not a Faxline encrypted file');
  const tryOpen = (masterKey: Buffer) => {
    try {
      return unwrapDataKey(masterKey, header);
    } catch {
      return undefined;
    }
  };
  if (tryOpen(keys.to)) return 'done';
  const dataKey = tryOpen(keys.from);
  if (!dataKey) throw new Error('neither the old nor the new master key opens it');
  const [wrapIv, wrapTag, wrappedKey] = seal(keys.to, dataKey);
  return Buffer.concat([MAGIC, wrapIv!, wrapTag!, wrappedKey!]);
}

async function writeAll(handle: fs.FileHandle, buffers: Buffer[]): Promise<void> {
  const pending = buffers.filter((buffer) => buffer.length > 0);
  while (pending.length > 0) {
    let { bytesWritten } = await handle.writev(pending);
    // A short write continues where it stopped.
    while (pending.length > 0 && bytesWritten >= pending[0]!.length) bytesWritten -= pending.shift()!.length;
    if (pending.length > 0 && bytesWritten > 0) pending[0] = pending[0]!.subarray(bytesWritten);
  }
}

export function createEncryptedFileStore(options: { dir: string; masterKey: Buffer }): FileStore {
  if (options.masterKey.length !== 32) throw new Error('The files master key must be 32 bytes.');
  const fileOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`Invalid file key ${key}`);
    return path.join(options.dir, key.slice(0, 2), key);
  };
  return {
    put: async (bytes) => {
      const dataKey = randomBytes(32);
      const [wrapIv, wrapTag, wrappedKey] = seal(options.masterKey, dataKey);
      const [dataIv, dataTag, ciphertext] = seal(dataKey, bytes);
      const key = randomUUID();
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written whole to a temporary name and renamed: a crash leaves no half file under the real name. The small
      // header and the ciphertext go out in one write, without copying the ciphertext into one buffer first.
      const handle = await fs.open(`${file}.tmp`, 'w', 0o600);
      try {
        await writeAll(handle, [Buffer.concat([MAGIC, wrapIv!, wrapTag!, wrappedKey!, dataIv!, dataTag!]), ciphertext!]);
      } finally {
        await handle.close();
      }
      await fs.rename(`${file}.tmp`, file);
      return { key, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
    },
    get: async (key) => {
      const data = await fs.readFile(fileOf(key));
      if (!data.subarray(0, 4).equals(MAGIC)) throw new Error(`File ${key} is not a Faxline encrypted file`);
      const dataKey = unwrapDataKey(options.masterKey, data);
      let at = KEY_HEADER_LENGTH;
      const take = (n: number) => data.subarray(at, (at += n));
      const dataIv = take(12);
      const dataTag = take(16);
      return new Uint8Array(open(dataKey, dataIv, dataTag, data.subarray(at)));
    },
    remove: async (key) => {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** Where the master key generated on first start is kept when FILES_MASTER_KEY is not set. */
export const localMasterKeyFile = (dataDir: string) => path.join(dataDir, 'files.key');

/** The store of this installation: DATA_DIR/files, with FILES_MASTER_KEY or a key generated once beside it. */
export async function openFileStore(config: { filesDir: string; filesMasterKey: Buffer | undefined; dataDir: string }): Promise<FileStore> {
  const masterKey = config.filesMasterKey ?? Buffer.from(await readOrCreateLocalSecret(localMasterKeyFile(config.dataDir)), 'base64url');
  return createEncryptedFileStore({ dir: config.filesDir, masterKey });
}
