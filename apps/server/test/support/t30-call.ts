import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makePdf } from '@test-support/factories/documents';
import { readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { loadConfig } from '../../src/platform/config';

/** The T.30 engine's program, as the server finds it. */
export const faxModemBinary = loadConfig().faxModemPath;

/**
 * The fax a test call sends: three fine pages rendered as the line sends them, written to `sent.tif` in a new folder
 * (named from `prefix`), with each page's size as T.6 data: what ECM carries, since both ends offer T.6.
 */
export async function writeSentFax(prefix: string): Promise<{ dir: string; tiffPath: string; pageBytes: number[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const image = await renderFaxImage(await makePdf(3), 'fine');
  const tiffPath = path.join(dir, 'sent.tif');
  await writeFile(tiffPath, image.tiff);
  const pageBytes = readTiffPages(image.tiff).map((page) => page.strips.reduce((sum, strip) => sum + strip.length, 0));
  return { dir, tiffPath, pageBytes };
}
