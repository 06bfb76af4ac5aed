import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DOWNLOADS_PATH, ZClientDownloadManifest, type TClientDownloadFile, type TClientDownloads } from '@faxline/shared';
import { AppError } from '../platform/http/app-error';

/**
 * The client libraries' build (packages/client/scripts/build.ts) as the server serves it: its downloads.json, read at
 * each request so that a new build is served without a restart (it is a few hundred bytes), and the files it names.
 */
async function readManifest(dir: string): Promise<TClientDownloadFile[]> {
  let text: string;
  try {
    text = await readFile(path.join(dir, 'downloads.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not_found', 'errors.clientDownloadsNotBuilt');
    throw error;
  }
  return ZClientDownloadManifest.parse(JSON.parse(text)).downloads;
}

/** GET /downloads/index.json: each library with the address to install it from. */
export async function listClientDownloads(dir: string, publicUrl: string): Promise<TClientDownloads> {
  const downloads = await readManifest(dir);
  return { downloads: downloads.map(({ file, ...download }) => ({ ...download, url: `${publicUrl}${DOWNLOADS_PATH}/${file}` })) };
}

/** A file the build listed, by its name; any other name (a path, a file beside them) is not found. */
export async function readClientDownload(dir: string, name: string): Promise<{ download: TClientDownloadFile; bytes: Buffer }> {
  const download = (await readManifest(dir)).find((entry) => entry.file === name);
  if (!download) throw new AppError('not_found', 'errors.clientDownloadNotFound');
  return { download, bytes: await readFile(path.join(dir, download.file)) };
}
