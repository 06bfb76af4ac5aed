/**
 * Reading the fax image Ghostscript wrote (TIFF class F: CCITT Group 4, one bit per pixel), so that what is derived
 * from it (page count, thumbnail) comes from the image itself instead of a second rendering of the document.
 * Only what a TIFF of bilevel G4 pages needs is read; anything else is refused with an error.
 */
import { BLACK_CODES, EXTENDED_MAKEUP_CODES, HORIZONTAL, MODE_CODES, PASS, WHITE_CODES } from './g4-codes';

export type TiffPage = {
  width: number;
  height: number;
  /** TIFF Compression: 4 is CCITT Group 4 (T.6). */
  compression: number;
  /** 0: a 0 bit is white (min-is-white), 1: a 0 bit is black. */
  photometric: number;
  /** 2: bits are stored least significant first in each byte. */
  fillOrder: number;
  rowsPerStrip: number;
  strips: Array<{ offset: number; length: number }>;
};

const TAG = {
  width: 256,
  height: 257,
  compression: 259,
  photometric: 262,
  fillOrder: 266,
  stripOffsets: 273,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  t6Options: 293,
} as const;
const TYPE_SIZES: Record<number, number> = { 1: 1, 3: 2, 4: 4 };

/** A classic TIFF's byte order and readers of its numbers in that order; an error for anything else. */
export function openClassicTiff(tiff: Uint8Array): { little: boolean; u16: (at: number) => number; u32: (at: number) => number } {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = String.fromCharCode(tiff[0] ?? 0, tiff[1] ?? 0);
  if ((order !== 'II' && order !== 'MM') || tiff.length < 8) throw new Error('Not a TIFF file');
  const little = order === 'II';
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) throw new Error('Not a classic TIFF file');
  return { little, u16, u32 };
}

/** The pages (image file directories) of a TIFF, in order; the first `limit` only if given. */
export function readTiffPages(tiff: Uint8Array, limit = Infinity): TiffPage[] {
  const { u16, u32 } = openClassicTiff(tiff);

  const pages: TiffPage[] = [];
  const seen = new Set<number>();
  for (let ifd = u32(4); ifd !== 0 && pages.length < limit;) {
    if (seen.has(ifd) || ifd + 2 > tiff.length) throw new Error('Broken TIFF directory chain');
    seen.add(ifd);
    const count = u16(ifd);
    const values = new Map<number, number[]>();
    for (let i = 0; i < count; i += 1) {
      const entry = ifd + 2 + i * 12;
      const size = TYPE_SIZES[u16(entry + 2)];
      if (!size) continue; // rationals, strings: nothing needed here
      const n = u32(entry + 4);
      const at = n * size <= 4 ? entry + 8 : u32(entry + 8);
      if (at + n * size > tiff.length) throw new Error('TIFF value out of the file');
      const read = size === 1 ? (p: number) => tiff[p]! : size === 2 ? u16 : u32;
      values.set(
        u16(entry),
        Array.from({ length: n }, (_, k) => read(at + k * size)),
      );
    }
    const one = (tag: number, fallback?: number) => {
      const value = values.get(tag)?.[0] ?? fallback;
      if (value === undefined) throw new Error(`TIFF page without tag ${tag}`);
      return value;
    };
    const offsets = values.get(TAG.stripOffsets) ?? [];
    const lengths = values.get(TAG.stripByteCounts) ?? [];
    if (offsets.length === 0 || offsets.length !== lengths.length) throw new Error('TIFF page without strips');
    const height = one(TAG.height);
    pages.push({
      width: one(TAG.width),
      height,
      compression: one(TAG.compression, 1),
      photometric: one(TAG.photometric, 0),
      fillOrder: one(TAG.fillOrder, 1),
      rowsPerStrip: Math.min(one(TAG.rowsPerStrip, height), height),
      strips: offsets.map((offset, k) => ({ offset, length: lengths[k]! })),
    });
    if ((one(TAG.t6Options, 0) & 2) !== 0) throw new Error('G4 uncompressed mode is not supported');
    ifd = u32(ifd + 2 + count * 12);
  }
  return pages;
}

/** The longest run code has 13 bits: a table indexed by the next 13 bits gives (run << 4 | code length), 0 if none. */
const PEEK = 13;
const RUN_TABLES = [WHITE_CODES, BLACK_CODES].map((colourCodes) => {
  const codes = [...colourCodes, ...EXTENDED_MAKEUP_CODES];
  const table = new Int32Array(1 << PEEK);
  for (const [run, code] of codes) {
    const first = parseInt(code, 2) << (PEEK - code.length);
    table.fill((run << 4) | code.length, first, first + (1 << (PEEK - code.length)));
  }
  return table;
}) as [Int32Array, Int32Array];

// Two-dimensional modes, read from the next 7 bits.
const MODE_LENGTH = new Int8Array(128);
/** Vertical modes: the offset a1 - b1 plus 3 (0..6); PASS; HORIZONTAL; -1: not a mode this decoder knows. */
const MODE = new Int8Array(128).fill(-1);
for (const [mode, code] of MODE_CODES) {
  const first = parseInt(code, 2) << (7 - code.length);
  MODE.fill(mode, first, first + (1 << (7 - code.length)));
  MODE_LENGTH.fill(code.length, first, first + (1 << (7 - code.length)));
}

export const reverseBits = (byte: number) => {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit += 1) reversed |= ((byte >> bit) & 1) << (7 - bit);
  return reversed;
};

/**
 * Decodes a G4 page row by row. `onRow` receives the row's changing elements: the positions where the colour
 * changes, the first from white to black, so that [changes[0], changes[1]), [changes[2], changes[3]) ... are the
 * black runs in the coding sense (see `photometric`); a row that ends black has an odd count. The array is reused.
 * `onRow` returning false stops the decoding there. Returns where the decoding stopped: the bit of the last strip read
 * after the last row decoded (the header stamp copies a page's coded rows from there on, stamp-header-lines.ts).
 */
export function decodeG4Rows(
  tiff: Uint8Array,
  page: TiffPage,
  onRow: (row: number, changes: Int32Array, count: number) => boolean | void,
): number {
  if (page.compression !== 4) throw new Error(`TIFF compression ${page.compression} is not CCITT Group 4`);
  const { width } = page;
  let reference = new Int32Array(width + 4);
  let coding = new Int32Array(width + 4);
  let row = 0;
  let bit = 0;
  for (const strip of page.strips) {
    if (strip.offset + strip.length > tiff.length) throw new Error('TIFF strip out of the file');
    // Three bytes of padding: the reader looks up to 20 bits ahead.
    const data = new Uint8Array(strip.length + 3);
    data.set(tiff.subarray(strip.offset, strip.offset + strip.length));
    if (page.fillOrder === 2) for (let i = 0; i < strip.length; i += 1) data[i] = reverseBits(data[i]!);
    const end = strip.length * 8;
    bit = 0;
    const peek = (n: number) => {
      const at = bit >>> 3;
      const word = (data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!;
      return (word >>> (24 - (bit & 7) - n)) & ((1 << n) - 1);
    };
    const readRun = (colour: number) => {
      const table = RUN_TABLES[colour]!;
      let run = 0;
      for (;;) {
        const entry = table[peek(PEEK)]!;
        if (entry === 0) throw new Error(`Invalid G4 run code at bit ${bit}`);
        bit += entry & 15;
        run += entry >> 4;
        if (entry >> 4 < 64) return run; // a terminating code ends the run
      }
    };

    // Each strip starts from an imaginary all-white reference line.
    reference.fill(width, 0, 3);
    const lastRow = Math.min(row + page.rowsPerStrip, page.height);
    for (; row < lastRow; row += 1) {
      let count = 0;
      let a0 = -1;
      let r = 0; // the first changing element of the reference line right of a0
      while (a0 < width) {
        if (bit >= end) throw new Error('G4 data ends before the page');
        while (reference[r]! <= a0) r += 1;
        // b1 changes to the colour opposite a0's: its index has the parity of a0's colour (count & 1).
        const b1Index = r + ((r ^ count) & 1);
        const code = peek(7);
        // Zeros: the end-of-block code or the padding after the last code.
        if (code === 0) throw new Error('G4 data ends before the page');
        const mode = MODE[code]!;
        if (mode < 0) throw new Error(`Unsupported G4 code at bit ${bit}`);
        bit += MODE_LENGTH[code]!;
        if (mode === PASS) {
          a0 = reference[b1Index + 1]!;
        } else if (mode === HORIZONTAL) {
          const colour = count & 1;
          const a1 = Math.max(a0, 0) + readRun(colour);
          const a2 = a1 + readRun(colour ^ 1);
          coding[count++] = Math.min(a1, width);
          coding[count++] = Math.min(a2, width);
          a0 = a2;
        } else {
          const a1 = reference[b1Index]! + mode - 3;
          if (a1 <= a0) throw new Error(`Invalid G4 vertical code at bit ${bit}`);
          coding[count++] = Math.min(a1, width);
          a0 = a1;
        }
        if (count > width + 1) throw new Error('Invalid G4 row');
      }
      // A change at the right edge is only where the line ends.
      while (count > 0 && coding[count - 1] === width) count -= 1;
      if (onRow(row, coding, count) === false) return bit;
      [reference, coding] = [coding, reference];
      // Three copies of the width after the last change: b1 and b2 are always found.
      reference.fill(width, count, count + 3);
    }
  }
  if (row < page.height) throw new Error('TIFF strips end before the page');
  return bit;
}
