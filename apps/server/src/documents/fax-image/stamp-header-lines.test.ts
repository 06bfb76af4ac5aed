import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTiffPages } from './fax-tiff';
import { writeFaxTiff } from './fax-tiff-join';
import { faxDeviceArguments, ghostscript } from './render-fax-image';
import { stampHeaderLines } from './stamp-header-lines';

const execFileAsync = promisify(execFile);
const FINE = { xDpi: 204, yDpi: 196 };
const WIDTH = 1728;
let dir: string;
/** Three pages as Ghostscript's tiffg4 device writes them: text, and black touching both edges and the top and bottom. */
let rendered: Uint8Array;

// Page 1: text; page 2: bars from edge to edge, a box at each side, a checkerboard; page 3: black from its first row.
const PAGES = `
/Helvetica findfont 11 scalefont setfont
0 1 40 { /i exch def 60 780 i 18 mul sub moveto (Please see the patient on Monday; results attached as discussed.) show } for
showpage
0 800 612 6 rectfill  0 0 20 792 rectfill  592 0 20 792 rectfill
100 100 translate 0 1 59 { /y exch def 0 1 59 { /x exch def x y add 2 mod 0 eq { x y 1 1 rectfill } if } for } for
showpage
0 700 612 92 rectfill 0 0 612 3 rectfill
showpage
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-stamp-'));
  // The page drawn as the product draws a document's (PostScript is PDF's own language to Ghostscript).
  await ghostscript([...faxDeviceArguments('fine'), '-sOutputFile=pages.tif', '-'], { workDir: dir, commands: Promise.resolve(PAGES) });
  rendered = new Uint8Array(await readFile(path.join(dir, 'pages.tif')));
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every page's rows as libtiff decodes them, as bytes with 1 = black whatever the file's photometric says. */
async function inkRows(tiff: Uint8Array, name: string): Promise<Uint8Array[][]> {
  await writeFile(path.join(dir, `${name}.tif`), tiff);
  await execFileAsync('tiffcp', ['-c', 'none', '-f', 'msb2lsb', path.join(dir, `${name}.tif`), path.join(dir, `${name}-plain.tif`)]);
  const plain = new Uint8Array(await readFile(path.join(dir, `${name}-plain.tif`)));
  return readTiffPages(plain).map((page) => {
    expect(page.compression).toBe(1);
    const data = Buffer.concat(page.strips.map((strip) => plain.subarray(strip.offset, strip.offset + strip.length)));
    const rowBytes = Math.ceil(page.width / 8);
    return Array.from({ length: page.height }, (_, y) => {
      const row = Uint8Array.from(data.subarray(y * rowBytes, (y + 1) * rowBytes));
      if (page.photometric === 1) for (let i = 0; i < row.length; i += 1) row[i] = ~row[i]! & 0xff;
      return row;
    });
  });
}

/** Header lines of random pixels, one per page of `rows` rows: every mode of the coding, and rows black at an edge. */
function randomHeaderLines(pages: number, rows: number, seed: number): Uint8Array {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
  const rowBytes = WIDTH / 8;
  const pixels = new Uint8Array(pages * rows * rowBytes);
  for (let y = 0; y < pages * rows; y += 1)
    for (let i = 0; i < rowBytes; i += 1) {
      // Runs of every length: some rows random bit by bit, some in long runs, one all black.
      const kind = y % 4;
      pixels[y * rowBytes + i] = kind === 0 ? random() : kind === 1 ? (random() > 128 ? 0xff : 0x00) : kind === 2 ? 0xff : 0x00;
    }
  return Buffer.concat([Buffer.from(`P4\n# made by the test\n${WIDTH} ${pages * rows}\n`), pixels]);
}

async function expectStamped(stamped: Uint8Array, image: Uint8Array, headerLines: Uint8Array, rowsPerHeader: number) {
  const [before, after] = [await inkRows(image, 'before'), await inkRows(stamped, 'after')];
  const headerStart = headerLines.length - before.length * rowsPerHeader * (WIDTH / 8);
  expect(after).toHaveLength(before.length);
  after.forEach((rows, page) => {
    expect(rows).toHaveLength(rowsPerHeader + before[page]!.length);
    for (let y = 0; y < rowsPerHeader; y += 1) {
      const at = headerStart + (page * rowsPerHeader + y) * (WIDTH / 8);
      expect(Buffer.from(rows[y]!).equals(headerLines.subarray(at, at + WIDTH / 8)), `page ${page + 1}, header row ${y}`).toBe(true);
    }
    before[page]!.forEach((row, y) => expect(Buffer.from(rows[rowsPerHeader + y]!).equals(row), `page ${page + 1}, row ${y}`).toBe(true));
  });
  const pages = readTiffPages(stamped);
  for (const page of pages)
    expect({ strips: page.strips.length, photometric: page.photometric, fillOrder: page.fillOrder }).toEqual({
      strips: 1,
      photometric: 0,
      fillOrder: 1,
    });
}

describe('the header lines stamped above the pages (decoded by libtiff)', () => {
  it('puts each header line above its page, pixel for pixel, on pages as Ghostscript writes them', async () => {
    const headerLines = randomHeaderLines(3, 32, 7);
    await expectStamped(stampHeaderLines(rendered, headerLines, FINE), rendered, headerLines, 32);
  });

  it('codes again whole a page in several strips, least significant bit first', async () => {
    await execFileAsync('tiffcp', ['-c', 'g4', '-r', '100', '-f', 'lsb2msb', path.join(dir, 'pages.tif'), path.join(dir, 'strips.tif')]);
    const strips = new Uint8Array(await readFile(path.join(dir, 'strips.tif')));
    expect(readTiffPages(strips)[0]).toMatchObject({ fillOrder: 2, rowsPerStrip: 100 });
    const headerLines = randomHeaderLines(3, 16, 11);
    await expectStamped(stampHeaderLines(strips, headerLines, FINE), strips, headerLines, 16);
  });

  it('turns a min-is-black page over into min-is-white', async () => {
    const pages = readTiffPages(rendered).map((page) => ({
      page: { ...page, photometric: 1 },
      strips: page.strips.map((strip) => rendered.subarray(strip.offset, strip.offset + strip.length)),
    }));
    const inverted = writeFaxTiff(pages, FINE);
    const headerLines = randomHeaderLines(3, 32, 13);
    await expectStamped(stampHeaderLines(inverted, headerLines, FINE), inverted, headerLines, 32);
  });

  it('refuses header lines that are not one per page, or not as wide as the pages', () => {
    expect(() => stampHeaderLines(rendered, randomHeaderLines(2, 32, 1), FINE)).toThrow('not one per page');
    expect(() => stampHeaderLines(rendered, randomHeaderLines(3, 32, 1).subarray(0, 400), FINE)).toThrow('not a raw PBM');
    const narrow = Buffer.concat([Buffer.from('P4\n864 96\n'), new Uint8Array(108 * 96)]);
    expect(() => stampHeaderLines(rendered, narrow, FINE)).toThrow('not as wide as the page');
    expect(() => stampHeaderLines(rendered, Buffer.from('P1\n1 1\n1'), FINE)).toThrow('not a raw PBM');
  });
});
