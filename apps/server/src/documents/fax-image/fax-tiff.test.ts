import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { faxPageThumbnail, THUMBNAIL_DPI } from './fax-thumbnail';
import { decodeG4Rows, readTiffPages } from './fax-tiff';
import { faxDeviceArguments, ghostscript } from './render-fax-image';

// A G4 page of 8 x 6 pixels coded by hand from T.6, one mode of each kind, and the black runs each row holds.
const WIDTH = 8;
const ROWS: Array<[bits: string, black: number[]]> = [
  ['1', []], // V0 onto the imaginary white line's end: all white
  ['001' + '0111' + '011' + '1', [2, 6]], // horizontal: white 2, black 4; then V0
  ['0001' + '1', []], // pass over the black run above, then V0: all white
  ['001' + '000111' + '011' + '1', [1, 5]], // horizontal: white 1, black 4; V0
  ['011' + '1' + '1', [2, 5]], // VR1, V0, V0
  ['000010' + '000010' + '1', [0, 3]], // VL2, VL2, V0
];

function packBits(bits: string, lsbFirst = false): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i += 1) {
    if (bits[i] === '1') bytes[i >> 3]! |= lsbFirst ? 1 << (i & 7) : 0x80 >> (i & 7);
  }
  return bytes;
}

/** A one-page little-endian TIFF holding `strip` as its only strip. */
function tiffOf(strip: Uint8Array, options: { width?: number; height?: number; photometric?: number; fillOrder?: number } = {}) {
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, 3, options.width ?? WIDTH],
    [257, 3, options.height ?? ROWS.length],
    [259, 3, 4],
    [262, 3, options.photometric ?? 0],
    [266, 3, options.fillOrder ?? 1],
    [273, 4, 0], // strip offset, set below
    [278, 3, options.height ?? ROWS.length],
    [279, 4, strip.length],
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const file = new Uint8Array(8 + ifdSize + strip.length);
  const view = new DataView(file.buffer);
  file.set([0x49, 0x49, 42, 0]);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, 1, true);
    if (type === 3) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, tag === 273 ? 8 + ifdSize : value, true);
  });
  file.set(strip, 8 + ifdSize);
  return file;
}

function decodeAll(tiff: Uint8Array): number[][] {
  const [page] = readTiffPages(tiff);
  const rows: number[][] = [];
  decodeG4Rows(tiff, page!, (_row, changes, count) => {
    rows.push(Array.from(changes.subarray(0, count)));
  });
  return rows;
}

/** The grey pixels of a PNG this code wrote (8-bit grey, filter 0 on every row). */
function pngPixels(png: Uint8Array): { width: number; height: number; pixels: number[][] } {
  const data = Buffer.from(png);
  expect(data.subarray(1, 4).toString()).toBe('PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < data.length) {
    const length = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString();
    const body = data.subarray(at + 8, at + 8 + length);
    expect(data.readUInt32BE(at + 8 + length)).toBe(zlib.crc32(body, zlib.crc32(type)));
    if (type === 'IHDR') [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const pixels = Array.from({ length: height }, (_, y) => {
    expect(raw[y * (width + 1)]).toBe(0);
    return Array.from(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)));
  });
  return { width, height, pixels };
}

describe('reading the fax image', () => {
  it('decodes every two-dimensional mode of a G4 page', () => {
    const tiff = tiffOf(packBits(ROWS.map(([bits]) => bits).join('')));
    expect(readTiffPages(tiff)).toMatchObject([{ width: WIDTH, height: ROWS.length, compression: 4, photometric: 0 }]);
    expect(decodeAll(tiff)).toEqual(ROWS.map(([, black]) => black));
  });

  it('reads bits stored least significant first (FillOrder 2) the same', () => {
    const tiff = tiffOf(packBits(ROWS.map(([bits]) => bits).join(''), true), { fillOrder: 2 });
    expect(decodeAll(tiff)).toEqual(ROWS.map(([, black]) => black));
  });

  it('refuses what is not a G4 TIFF, and data that ends before the page', () => {
    expect(() => readTiffPages(new TextEncoder().encode('%PDF-1.7 not a tiff'))).toThrow(/Not a TIFF/);
    const truncated = tiffOf(
      packBits(
        ROWS.slice(0, 2)
          .map(([bits]) => bits)
          .join(''),
      ),
    );
    expect(() => decodeAll(truncated)).toThrow(/ends before the page/);
    const garbage = tiffOf(new Uint8Array([0b00000010, 0, 0, 0])); // 0000001: an extension (uncompressed mode)
    expect(() => decodeAll(garbage)).toThrow(/Unsupported G4 code/);
  });

  it('makes a grey thumbnail whose pixels are the share of black they cover, whatever the photometric', async () => {
    // 16 x 4 pixels at 16 x 8 dpi, black [0, 8) on every row: at 4 dpi, 4 x 2 pixels, the left half black.
    const first = '001' + '00110101' + '000101' + '1'; // horizontal: white 0, black 8; V0 to the end
    const same = '111'; // V0 under the black start, its end and the line's end
    const bits = first + same + same + same;
    for (const photometric of [0, 1]) {
      const tiff = tiffOf(packBits(bits), { width: 16, height: 4, photometric });
      const [page] = readTiffPages(tiff);
      const png = pngPixels(await faxPageThumbnail(tiff, page!, { xDpi: 16, yDpi: 8 }, 4));
      expect([png.width, png.height]).toEqual([4, 2]);
      const [dark, light] = photometric === 0 ? [0, 255] : [255, 0];
      expect(png.pixels).toEqual([
        [dark, dark, light, light],
        [dark, dark, light, light],
      ]);
    }
  });

  it('averages partly covered thumbnail pixels, and refuses a thumbnail taller than its page', async () => {
    // 8 x 2 pixels, black run [2, 6) on the first row only; at a quarter of the resolution: 2 x 1 pixels, each
    // covering 4 x 2 fax pixels of which 2 are black: 255 * (1 - 2 / 8).
    const tiff = tiffOf(
      packBits(
        ROWS.slice(0, 2)
          .map(([bits]) => bits)
          .join(''),
      ),
      { height: 2 },
    );
    const decoded = decodeAll(tiff);
    expect(decoded).toEqual([[], [2, 6]]);
    const [page] = readTiffPages(tiff);
    const png = pngPixels(await faxPageThumbnail(tiff, page!, { xDpi: 8, yDpi: 8 }, 2));
    expect(png.pixels).toEqual([[Math.round(255 * (1 - 2 / 8)), Math.round(255 * (1 - 2 / 8))]]);
    // At three times the page's resolution each fax row would cover three thumbnail rows, more than the filter adds to.
    await expect(faxPageThumbnail(tiff, page!, { xDpi: 8, yDpi: 8 }, 24)).rejects.toThrow(/taller than its page/);
  });

  it('is the box filter of the page, pixel by pixel, at fine resolution (fax rows and columns split between pixels)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-thumbnail-'));
    try {
      // Text, a bar from edge to edge, a checkerboard and a black bottom: runs of every length, at every edge.
      const page = `/Helvetica findfont 11 scalefont setfont
0 1 30 { /i exch def 60 700 i 18 mul sub moveto (Please see the patient on Monday; results attached.) show } for
0 760 612 7 rectfill 0 0 612 3 rectfill
100 100 translate 0 1 59 { /y exch def 0 1 59 { /x exch def x y add 2 mod 0 eq { x y 1 1 rectfill } if } for } for
showpage`;
      await ghostscript([...faxDeviceArguments('fine'), '-sOutputFile=page.tif', '-'], { workDir: dir, commands: Promise.resolve(page) });
      const tiff = new Uint8Array(await readFile(path.join(dir, 'page.tif')));
      const [coded] = readTiffPages(tiff);
      const png = pngPixels(await faxPageThumbnail(tiff, coded!, { xDpi: 204, yDpi: 196 }));

      // The same page decoded by libtiff, and each fax pixel's black spread over the thumbnail pixels it overlaps.
      await promisify(execFile)('tiffcp', ['-c', 'none', '-f', 'msb2lsb', 'page.tif', 'plain.tif'], { cwd: dir });
      const plain = new Uint8Array(await readFile(path.join(dir, 'plain.tif')));
      const [raw] = readTiffPages(plain);
      const { width, height } = raw!;
      const data = Buffer.concat(raw!.strips.map((strip) => plain.subarray(strip.offset, strip.offset + strip.length)));
      const isBlack = (x: number, y: number) =>
        ((data[y * Math.ceil(width / 8) + (x >> 3)]! >> (7 - (x & 7))) & 1) === (raw!.photometric === 1 ? 0 : 1);
      const outWidth = Math.round((width * THUMBNAIL_DPI) / 204);
      const outHeight = Math.round((height * THUMBNAIL_DPI) / 196);
      expect([png.width, png.height]).toEqual([outWidth, outHeight]);
      // Fax pixel x covers [x * outWidth, (x + 1) * outWidth), thumbnail pixel j covers [j * width, (j + 1) * width).
      const overlaps = (at: number, fax: number, out: number) => {
        const [from, to] = [at * out, (at + 1) * out];
        const parts: Array<[index: number, amount: number]> = [];
        for (let j = Math.floor(from / fax); j * fax < to; j += 1) parts.push([j, Math.min(to, (j + 1) * fax) - Math.max(from, j * fax)]);
        return parts;
      };
      const columns = Array.from({ length: width }, (_, x) => overlaps(x, width, outWidth));
      const black = new Float64Array(outWidth * outHeight);
      let inked = 0;
      for (let y = 0; y < height; y += 1) {
        const rows = overlaps(y, height, outHeight);
        for (let x = 0; x < width; x += 1) {
          if (!isBlack(x, y)) continue;
          inked += 1;
          for (const [i, rowPart] of rows) for (const [j, columnPart] of columns[x]!) black[i * outWidth + j]! += rowPart * columnPart;
        }
      }
      expect(inked).toBeGreaterThan(100_000);
      const expected = Array.from({ length: outHeight }, (_, i) =>
        Array.from({ length: outWidth }, (_, j) => 255 - Math.round((255 * black[i * outWidth + j]!) / (width * height))),
      );
      expect(png.pixels).toEqual(expected);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
