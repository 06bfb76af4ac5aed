import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedFileStore, type FileStore } from './encrypted-file-store';
import type { FileBackend } from './file-backend';
import { encryptedLength, KEY_HEADER_LENGTH, SEGMENT_SIZE } from './file-format';

const masterKey = randomBytes(32);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A backend in memory that counts what was read of each file and when each write's first bytes came. */
function memoryBackend() {
  const objects = new Map<string, Buffer>();
  const stats = { bytesRead: 0, writtenBeforeSourceEnded: 0 };
  const backend: FileBackend = {
    name: 'local',
    write: async (key, body, length) => {
      const pieces: Buffer[] = [];
      for await (const piece of body) pieces.push(Buffer.from(piece));
      const bytes = Buffer.concat(pieces);
      if (bytes.length !== length) throw new Error(`stated ${length} bytes, got ${bytes.length}`);
      objects.set(key, bytes);
    },
    read: async (key, from = 0) => {
      const bytes = objects.get(key);
      if (!bytes) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return (async function* () {
        // In 16 KiB pieces, as a file or a socket gives them.
        for (let at = from; at < bytes.length; at += 16_384) {
          const piece = bytes.subarray(at, at + 16_384);
          stats.bytesRead += piece.length;
          yield piece;
        }
      })();
    },
    size: async (key) => objects.get(key)?.length ?? null,
    remove: async (key) => void objects.delete(key),
    keys: async function* () {
      yield* objects.keys();
    },
  };
  return { backend, objects, stats };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** Reads a stream until it fails: what it released before the failure, and the failure. */
async function readUntilFailure(store: FileStore, key: string): Promise<{ released: Buffer; error: Error | undefined }> {
  const pieces: Buffer[] = [];
  try {
    for await (const piece of await store.getStream(key)) pieces.push(piece as Buffer);
    return { released: Buffer.concat(pieces), error: undefined };
  } catch (error) {
    return { released: Buffer.concat(pieces), error: error as Error };
  }
}

/** A file as the store wrote it before FXL2 (the FXL1 layout, built here by hand). */
function fxl1File(plain: Buffer): Buffer {
  const dataKey = randomBytes(32);
  const sealWith = (key: Buffer, bytes: Buffer) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const encrypted = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), encrypted };
  };
  const wrap = sealWith(masterKey, dataKey);
  const data = sealWith(dataKey, plain);
  return Buffer.concat([Buffer.from('FXL1'), wrap.iv, wrap.tag, wrap.encrypted, data.iv, data.tag, data.encrypted]);
}

describe('the encrypted file store', () => {
  it('gives back exactly what was stored, at every size around a segment, whole or streamed', async () => {
    const { backend, objects } = memoryBackend();
    const store = createEncryptedFileStore({ backend, masterKey });
    for (const size of [0, 1, SEGMENT_SIZE - 1, SEGMENT_SIZE, SEGMENT_SIZE + 1, 3 * SEGMENT_SIZE, 3 * SEGMENT_SIZE + 17]) {
      const plain = randomBytes(size);
      const stored = await store.put(plain);
      expect(stored).toEqual({ key: stored.key, sha256: sha256(plain), size });
      expect(objects.get(stored.key)!.length).toBe(encryptedLength(size));
      expect(Buffer.from(await store.get(stored.key)).equals(plain), `size ${size}`).toBe(true);
      expect((await readAll(await store.getStream(stored.key))).equals(plain), `size ${size}`).toBe(true);
    }
  });

  it('keeps nothing of the plain bytes in what it stores', async () => {
    const { backend, objects } = memoryBackend();
    const plain = Buffer.from('%PDF-1.7 a fax document with a recognisable sentence in it. '.repeat(2_000));
    const { key } = await createEncryptedFileStore({ backend, masterKey }).put(plain);
    expect(objects.get(key)!.includes(plain.subarray(0, 40))).toBe(false);
  });

  it('streams a 10 MB file both ways without holding it whole', async () => {
    const { backend, stats } = memoryBackend();
    const store = createEncryptedFileStore({ backend, masterKey });
    const size = 10 * 1024 * 1024;
    const plain = randomBytes(size);
    let sourceGiven = 0;
    let written = 0;
    /** How much of the source had been read when the backend got its second segment's worth of bytes. */
    let givenWhenWritten: number | undefined;
    const watchingBackend: FileBackend = {
      ...backend,
      write: (key, body, length) =>
        backend.write(
          key,
          (async function* () {
            for await (const piece of body) {
              written += piece.length;
              if (written > 2 * SEGMENT_SIZE) givenWhenWritten ??= sourceGiven;
              yield piece;
            }
          })(),
          length,
        ),
    };
    const source = async function* () {
      for (let at = 0; at < size; at += 100_000) {
        sourceGiven += Math.min(100_000, size - at);
        yield plain.subarray(at, at + 100_000);
      }
    };
    const stored = await createEncryptedFileStore({ backend: watchingBackend, masterKey }).putStream(source(), size);
    expect(stored.sha256).toBe(sha256(plain));
    // The backend had the first segments while most of the source was still to come.
    expect(givenWhenWritten).toBeLessThan(4 * SEGMENT_SIZE);

    const stream = await store.getStream(stored.key);
    const first = (await stream[Symbol.asyncIterator]().next()).value as Buffer;
    expect(first.equals(plain.subarray(0, first.length))).toBe(true);
    // Released after reading about one segment of the 10 MB, not the whole file.
    expect(stats.bytesRead).toBeLessThan(4 * SEGMENT_SIZE);
    stream.destroy();
  });

  it('refuses a stream that is longer or shorter than it said, and keeps nothing of it', async () => {
    const { backend, objects } = memoryBackend();
    const store = createEncryptedFileStore({ backend, masterKey });
    await expect(store.putStream([randomBytes(1_000)], 999)).rejects.toThrow(/longer than its stated 999 bytes/);
    await expect(store.putStream([randomBytes(1_000)], 1_001)).rejects.toThrow(/1000 bytes, not its stated 1001/);
    expect(objects.size).toBe(0);
  });

  it('releases nothing of a segment that was changed: a streamed read stops before it', async () => {
    const { backend, objects } = memoryBackend();
    const store = createEncryptedFileStore({ backend, masterKey });
    const plain = randomBytes(3 * SEGMENT_SIZE + 500);
    const { key } = await store.put(plain);
    // One bit of the second segment's ciphertext.
    objects.get(key)![KEY_HEADER_LENGTH + 7 + SEGMENT_SIZE + 16 + 100]! ^= 1;

    const { released, error } = await readUntilFailure(store, key);

    expect(error?.message).toMatch(/damaged or was changed/);
    // Only the first segment, which is intact, came out.
    expect(released.equals(plain.subarray(0, SEGMENT_SIZE))).toBe(true);
    await expect(store.get(key)).rejects.toThrow(/damaged or was changed/);
  });

  it('fails on a file cut short, at a segment boundary or inside one, and on one added to or reordered', async () => {
    const { backend, objects } = memoryBackend();
    const store = createEncryptedFileStore({ backend, masterKey });
    const plain = randomBytes(2 * SEGMENT_SIZE + 500);
    const { key } = await store.put(plain);
    const original = objects.get(key)!;
    const header = KEY_HEADER_LENGTH + 7;
    const sealedSegment = SEGMENT_SIZE + 16;
    const variants = {
      'cut after the first segment': original.subarray(0, header + sealedSegment),
      'cut after two whole segments': original.subarray(0, header + 2 * sealedSegment),
      'cut inside the last segment': original.subarray(0, original.length - 10),
      'cut inside the header': original.subarray(0, 40),
      'with bytes added': Buffer.concat([original, randomBytes(16)]),
      'with its segments swapped': Buffer.concat([
        original.subarray(0, header),
        original.subarray(header + sealedSegment, header + 2 * sealedSegment),
        original.subarray(header, header + sealedSegment),
        original.subarray(header + 2 * sealedSegment),
      ]),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      objects.set(key, bytes);
      const { released, error } = await readUntilFailure(store, key);
      expect(error, name).toBeInstanceOf(Error);
      expect(released.length, name).toBeLessThan(plain.length);
    }
  });

  it('still reads the files stored before streaming (FXL1), whole and streamed', async () => {
    const { backend, objects } = memoryBackend();
    const store = createEncryptedFileStore({ backend, masterKey });
    const plain = randomBytes(200_000);
    const key = randomUUID();
    objects.set(key, fxl1File(plain));
    expect(Buffer.from(await store.get(key)).equals(plain)).toBe(true);
    expect((await readAll(await store.getStream(key))).equals(plain)).toBe(true);
    objects.get(key)![150_000]! ^= 1;
    await expect(store.get(key)).rejects.toThrow(/damaged or was changed/);
  });

  it('says a missing file is missing (ENOENT) and a foreign master key cannot open a file', async () => {
    const { backend } = memoryBackend();
    const store = createEncryptedFileStore({ backend, masterKey });
    await expect(store.get(randomUUID())).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.getStream(randomUUID())).rejects.toMatchObject({ code: 'ENOENT' });
    const { key } = await store.put(randomBytes(10));
    await expect(createEncryptedFileStore({ backend, masterKey: randomBytes(32) }).get(key)).rejects.toThrow(/master key does not open/);
  });
});

describe('the local folder backend', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-store-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps each file as <two characters>/<key>, readable only by the server, and reads the FXL1 files already there', async () => {
    const store = createEncryptedFileStore({ dir, masterKey });
    const plain = randomBytes(150_000);
    const { key } = await store.put(plain);
    const file = path.join(dir, key.slice(0, 2), key);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.readFile(file)).length).toBe(encryptedLength(plain.length));
    expect(await fs.readdir(path.dirname(file))).toEqual([key]);

    const old = randomUUID();
    await fs.mkdir(path.join(dir, old.slice(0, 2)), { recursive: true });
    await fs.writeFile(path.join(dir, old.slice(0, 2), old), fxl1File(plain));
    expect(Buffer.from(await store.get(old)).equals(plain)).toBe(true);

    await store.remove(key);
    await expect(store.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Invalid file key/);
  });
});
