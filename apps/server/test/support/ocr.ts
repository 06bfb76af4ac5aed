import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of the top `rows` rows of a page of a fax image, read by Tesseract (Debian's tesseract-ocr): what a person
 * reads on the header line a fax machine prints. The page goes TIFF → PDF (libtiff's tiff2pdf) → PNG at the fax's own
 * horizontal resolution (poppler's pdftoppm), cropped to the header.
 */
export async function readTopOfPage(tiff: Uint8Array, page: number, rows: number, dpi = 204): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-ocr-'));
  try {
    const whole = path.join(dir, 'fax.tif');
    await writeFile(whole, tiff);
    await run('tiffcp', [`${whole},${page - 1}`, path.join(dir, 'page.tif')]);
    await run('tiff2pdf', ['-o', path.join(dir, 'page.pdf'), path.join(dir, 'page.tif')]);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      '-x',
      '0',
      '-y',
      '0',
      '-W',
      '1728',
      '-H',
      String(rows),
      path.join(dir, 'page.pdf'),
      path.join(dir, 'top'),
    ]);
    const { stdout } = await run('tesseract', [path.join(dir, 'top.png'), '-'], { encoding: 'utf8' });
    return stdout.replace(/\s+/g, ' ').trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
