import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { readTiffPages } from './fax-tiff';
import { tiffPagesFrom } from './fax-tiff-pages';

const execFileAsync = promisify(execFile);
let dir: string;
let whole: Uint8Array;

const codedPages = (tiff: Uint8Array) =>
  readTiffPages(tiff).map((page) => Buffer.concat(page.strips.map((strip) => tiff.subarray(strip.offset, strip.offset + strip.length))));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-tiff-pages-'));
  await writeFile(path.join(dir, 'three.pdf'), await makePdf(3));
  // A fax image as Ghostscript renders one (G4, fine resolution), with its page numbers written as libtiff does.
  await execFileAsync('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=tiffg4',
    '-r204x196',
    '-o',
    path.join(dir, 'three.tif'),
    path.join(dir, 'three.pdf'),
  ]);
  whole = new Uint8Array(await readFile(path.join(dir, 'three.tif')));
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a fax image cut to the pages not yet confirmed', () => {
  it('holds pages 2 and 3, their coded data byte for byte, in a TIFF libtiff reads whole', async () => {
    const cut = tiffPagesFrom(whole, 2);
    const pages = readTiffPages(cut);
    expect(pages).toHaveLength(2);
    expect(codedPages(cut)).toEqual(codedPages(whole).slice(1));
    expect(pages.map(({ width, height, compression }) => ({ width, height, compression }))).toEqual(
      readTiffPages(whole)
        .slice(1)
        .map(({ width, height, compression }) => ({ width, height, compression })),
    );
    await writeFile(path.join(dir, 'cut.tif'), cut);
    // -D decodes every strip: libtiff finds each page's data whole; the resolution and page numbers come along.
    const { stdout, stderr } = await execFileAsync('tiffinfo', ['-D', path.join(dir, 'cut.tif')]);
    expect(stderr).toBe('');
    expect(stdout).toContain('Resolution: 204, 196');
    expect(stdout).toMatch(/Page Number: 0-2[\s\S]*Page Number: 1-2/);
  });

  it('is the image itself from page 1, and refuses a page the image does not have', () => {
    expect(tiffPagesFrom(whole, 1)).toBe(whole);
    expect(readTiffPages(tiffPagesFrom(whole, 3))).toHaveLength(1);
    expect(() => tiffPagesFrom(whole, 4)).toThrow(/3 pages/);
    expect(() => tiffPagesFrom(whole, 0)).toThrow();
  });
});
