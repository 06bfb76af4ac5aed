import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileBackend } from './file-backend';
import { assertFileKey, FILE_KEY } from './file-keys';

/** Files in a folder (DATA_DIR/files), as `<first two characters of the key>/<key>`: the embedded default. */
export function localFileBackend(dir: string): FileBackend {
  const fileOf = (key: string) => {
    assertFileKey(key);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    name: 'local',
    write: async (key, body) => {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written whole to a temporary name and renamed: a crash leaves no half file under the real name.
      const temp = `${file}.tmp`;
      try {
        await pipeline(Readable.from(body), createWriteStream(temp, { mode: 0o600 }));
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      await fs.rename(temp, file);
    },
    read: async (key, from = 0) => {
      // Opened first, so that a missing file rejects here (ENOENT) rather than in the middle of a stream.
      const handle = await fs.open(fileOf(key), 'r');
      return handle.createReadStream({ start: from });
    },
    size: async (key) => {
      const stat = await fs.stat(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return stat?.size ?? null;
    },
    remove: async (key) => {
      await fs.rm(fileOf(key), { force: true });
    },
    keys: async function* () {
      const folders = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []; // nothing stored yet
        throw error;
      });
      for (const folder of folders.filter((entry) => entry.isDirectory())) {
        for (const entry of await fs.readdir(path.join(dir, folder.name), { withFileTypes: true })) {
          if (entry.isFile() && FILE_KEY.test(entry.name)) yield entry.name;
        }
      }
    },
  };
}
