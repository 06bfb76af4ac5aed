import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The format of an encrypted fax file, whichever backend keeps it (decision 060). Each file has its own AES-256-GCM
 * data key, stored at its head wrapped (encrypted) by the master key. Losing or changing any byte makes reading fail
 * loudly, never silently.
 *
 * Both versions start with the same key header: magic (4) | wrap IV (12) | wrap tag (16) | wrapped data key (32).
 * - FXL1 (read only): key header | data IV (12) | data tag (16) | ciphertext. One tag for the whole file, so nothing
 *   of it can be trusted before all of it has been read.
 * - FXL2 (written since decision 060): key header | nonce prefix (7) | segments. Each segment is 64 KiB of ciphertext
 *   (the last one 0 to 64 KiB) followed by its own tag; segment i's nonce is the prefix, i (uint32, big-endian) and a
 *   last-segment flag (1 byte), so that segments cannot be dropped, reordered, cut off at the end or added to.
 */
const MAGIC_V1 = Buffer.from('FXL1');
const MAGIC_V2 = Buffer.from('FXL2');
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
/** The magic and the wrap (IV, tag, wrapped data key): all a master key protects, and all that rotating it rewrites. */
export const KEY_HEADER_LENGTH = MAGIC_V1.length + IV_LENGTH + TAG_LENGTH + 32;
const NONCE_PREFIX_LENGTH = 7;
const V2_HEADER_LENGTH = KEY_HEADER_LENGTH + NONCE_PREFIX_LENGTH;
/** Plain bytes per FXL2 segment: what a streamed read holds before it may release anything. */
export const SEGMENT_SIZE = 64 * 1024;
const MAX_SEGMENTS = 2 ** 32;

export type PlainDigest = { sha256: string; size: number };

/** Bytes in pieces: a stream, or pieces already in memory. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** The stored size of an FXL2 file of `plainSize` bytes (an S3 upload states it before the first byte). */
export function encryptedLength(plainSize: number): number {
  return V2_HEADER_LENGTH + plainSize + TAG_LENGTH * Math.max(1, Math.ceil(plainSize / SEGMENT_SIZE));
}

function seal(key: Buffer, plain: Uint8Array): [iv: Buffer, tag: Buffer, ciphertext: Buffer] {
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // GCM is a stream mode: update() returns all the ciphertext and final() nothing, so no concatenation is needed.
  const encrypted = cipher.update(plain);
  const rest = cipher.final();
  return [iv, cipher.getAuthTag(), rest.length ? Buffer.concat([encrypted, rest]) : encrypted];
}

function open(key: Buffer, iv: Buffer, tag: Buffer, encrypted: Buffer, aad?: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  if (aad) decipher.setAAD(aad);
  const plain = decipher.update(encrypted);
  // final() checks the tag: it throws on a tampered file or a wrong key.
  const rest = decipher.final();
  return rest.length ? Buffer.concat([plain, rest]) : plain;
}

const versionOf = (header: Buffer) => {
  if (header.length < KEY_HEADER_LENGTH) return undefined;
  const magic = header.subarray(0, 4);
  return magic.equals(MAGIC_V2) ? 2 : magic.equals(MAGIC_V1) ? 1 : undefined;
};

/** A file's data key, from its first KEY_HEADER_LENGTH bytes; throws on a foreign file or the wrong master key. */
function unwrapDataKey(masterKey: Buffer, header: Buffer): Buffer {
  if (!versionOf(header)) throw new Error('not a Faxline encrypted file');
  return open(masterKey, header.subarray(4, 16), header.subarray(16, 32), header.subarray(32, KEY_HEADER_LENGTH));
}

/**
 * For master key rotation: the header re-wrapped from one master key to the other (fresh IV, same version), or 'done'
 * when the new key already opens it. Throws when neither key opens it. The data key, and so the data, stay as they are.
 */
export function rewrapKeyHeader(header: Buffer, keys: { from: Buffer; to: Buffer }): Buffer | 'done' {
  if (!versionOf(header)) throw new Error('not a Faxline encrypted file');
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
  return Buffer.concat([header.subarray(0, 4), ...seal(keys.to, dataKey)]);
}

const segmentNonce = (prefix: Buffer, index: number, last: boolean) => {
  if (index >= MAX_SEGMENTS) throw new Error('file too large for the FXL2 format');
  const nonce = Buffer.alloc(IV_LENGTH);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, NONCE_PREFIX_LENGTH);
  nonce[IV_LENGTH - 1] = last ? 1 : 0;
  return nonce;
};

/** Bytes arriving in pieces of any size, taken out in pieces of the size asked. */
class ByteQueue {
  private pieces: Buffer[] = [];
  length = 0;
  push(bytes: Uint8Array) {
    if (bytes.length === 0) return;
    this.pieces.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    this.length += bytes.length;
  }
  take(count: number): Buffer {
    const taken: Buffer[] = [];
    let wanted = Math.min(count, this.length);
    this.length -= wanted;
    while (wanted > 0) {
      const piece = this.pieces[0]!;
      if (piece.length <= wanted) {
        taken.push(this.pieces.shift()!);
        wanted -= piece.length;
      } else {
        taken.push(piece.subarray(0, wanted));
        this.pieces[0] = piece.subarray(wanted);
        wanted = 0;
      }
    }
    return taken.length === 1 ? taken[0]! : Buffer.concat(taken);
  }
}

/**
 * Encrypts plain bytes as they come into the FXL2 format, a segment at a time. With `size`, a source that gives more or
 * fewer bytes fails before the last segment is written, so a backend never keeps a file that lied about its size.
 * `digest()` gives the plain bytes' SHA-256 and size once the generator has finished.
 */
export function encryptFile(masterKey: Buffer, source: ByteSource, size?: number) {
  let digest: PlainDigest | undefined;
  async function* encrypt(): AsyncGenerator<Buffer> {
    const dataKey = randomBytes(32);
    const prefix = randomBytes(NONCE_PREFIX_LENGTH);
    yield Buffer.concat([MAGIC_V2, ...seal(masterKey, dataKey), prefix]);
    const hash = createHash('sha256');
    const pending = new ByteQueue();
    let index = 0;
    let total = 0;
    const segment = (plain: Buffer, last: boolean) => {
      const cipher = createCipheriv('aes-256-gcm', dataKey, segmentNonce(prefix, index++, last));
      cipher.setAAD(MAGIC_V2);
      const encrypted = cipher.update(plain);
      const rest = cipher.final();
      return rest.length ? [encrypted, rest, cipher.getAuthTag()] : [encrypted, cipher.getAuthTag()];
    };
    for await (const bytes of source) {
      hash.update(bytes);
      total += bytes.length;
      if (size !== undefined && total > size) throw new Error(`the file is longer than its stated ${size} bytes`);
      pending.push(bytes);
      // A full segment is written only once more bytes follow it: the last segment must carry the last flag.
      while (pending.length > SEGMENT_SIZE) yield* segment(pending.take(SEGMENT_SIZE), false);
    }
    if (size !== undefined && total !== size) throw new Error(`the file is ${total} bytes, not its stated ${size}`);
    yield* segment(pending.take(SEGMENT_SIZE), true);
    digest = { sha256: hash.digest('hex'), size: total };
  }
  return {
    chunks: encrypt(),
    digest: (): PlainDigest => {
      if (!digest) throw new Error('the file has not been encrypted to its end');
      return digest;
    },
  };
}

export class DamagedFileError extends Error {
  override name = 'DamagedFileError';
}

/**
 * Decrypts a stored file as its bytes come. An FXL2 file is released a segment at a time, each only after its tag was
 * checked, so a reader never gets a byte that was not authenticated; a file cut short or added to fails at its end. An
 * FXL1 file is read whole first (its one tag is checked at the end).
 */
export async function* decryptFile(masterKey: Buffer, source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  const pending = new ByteQueue();
  const iterator = source[Symbol.asyncIterator]();
  let ended = false;
  /** Reads until `count` bytes are waiting, or the source ended. */
  const fill = async (count: number) => {
    while (!ended && pending.length < count) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else pending.push(next.value);
    }
  };
  try {
    await fill(V2_HEADER_LENGTH);
    const header = pending.take(KEY_HEADER_LENGTH);
    const version = versionOf(header);
    if (!version) throw new DamagedFileError('not a Faxline encrypted file');
    let dataKey: Buffer;
    try {
      dataKey = unwrapDataKey(masterKey, header);
    } catch {
      throw new Error('the files master key does not open this file');
    }
    if (version === 1) {
      await fill(Infinity);
      if (pending.length < IV_LENGTH + TAG_LENGTH) throw new DamagedFileError('the file is cut short');
      const iv = pending.take(IV_LENGTH);
      const tag = pending.take(TAG_LENGTH);
      yield authenticated(() => open(dataKey, iv, tag, pending.take(pending.length)));
      return;
    }
    if (pending.length < NONCE_PREFIX_LENGTH) throw new DamagedFileError('the file is cut short');
    const prefix = pending.take(NONCE_PREFIX_LENGTH);
    for (let index = 0; ; index++) {
      // One byte past a whole segment says whether this segment is the last.
      await fill(SEGMENT_SIZE + TAG_LENGTH + 1);
      const last = pending.length <= SEGMENT_SIZE + TAG_LENGTH;
      if (pending.length < TAG_LENGTH) throw new DamagedFileError('the file is cut short');
      const sealed = pending.take(Math.min(pending.length, SEGMENT_SIZE + TAG_LENGTH));
      const ciphertext = sealed.subarray(0, sealed.length - TAG_LENGTH);
      const tag = sealed.subarray(sealed.length - TAG_LENGTH);
      const plain = authenticated(() => open(dataKey, segmentNonce(prefix, index, last), tag, ciphertext, MAGIC_V2));
      if (plain.length > 0) yield plain;
      if (last) return;
    }
  } finally {
    // Stops the source (closes the file, ends the download) when the reader stops early or reading failed.
    if (!ended) await iterator.return?.();
  }
}

function authenticated(decrypt: () => Buffer): Buffer {
  try {
    return decrypt();
  } catch (error) {
    throw new DamagedFileError(`the file is damaged or was changed (${(error as Error).message})`);
  }
}
