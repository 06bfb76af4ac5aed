import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TBackupPiece } from './backup-manifest';

/**
 * A backup being written into, or read from, a folder of its own. Every piece is hashed as it is written, so the
 * manifest says what was stored, not what was meant to be.
 */
export function backupFolder(dir: string) {
  const fileOf = (piece: string) => {
    const file = path.resolve(dir, piece);
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`${piece} is not inside the backup`);
    return file;
  };
  return {
    dir,
    /** Writes a piece from its bytes as they come; answers its path, SHA-256 and size. */
    write: async (piece: string, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Readable): Promise<TBackupPiece> => {
      const file = fileOf(piece);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      let size = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(Readable.from(body), counting, createWriteStream(file, { mode: 0o600 }));
      return { path: piece, sha256: hash.digest('hex'), size };
    },
    read: (piece: string) => createReadStream(fileOf(piece)),
    /** The SHA-256 and size of a piece as it is in the folder now, or null when it is missing. */
    digest: async (piece: string): Promise<{ sha256: string; size: number } | null> => {
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const chunk of createReadStream(fileOf(piece)) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return { sha256: hash.digest('hex'), size };
    },
  };
}
export type BackupFolder = ReturnType<typeof backupFolder>;
