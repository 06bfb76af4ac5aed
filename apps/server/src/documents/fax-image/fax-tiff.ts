/**
 * Reading the fax image Ghostscript wrote (TIFF class F: CCITT Group 4, one bit per pixel), so that what is derived
 * from it (page count, thumbnail) comes from the image itself instead of a second rendering of the document.
 * Only what a TIFF of bilevel G4 pages needs is read; anything else is refused with an error.
 */

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

// CCITT T.4 run-length codes (the same in T.6), as [run length, code as a string of bits].
// prettier-ignore
const WHITE_CODES: Array<[number, string]> = [
  [0, '00110101'], [1, '000111'], [2, '0111'], [3, '1000'], [4, '1011'], [5, '1100'], [6, '1110'], [7, '1111'],
  [8, '10011'], [9, '10100'], [10, '00111'], [11, '01000'], [12, '001000'], [13, '000011'], [14, '110100'],
  [15, '110101'], [16, '101010'], [17, '101011'], [18, '0100111'], [19, '0001100'], [20, '0001000'], [21, '0010111'],
  [22, '0000011'], [23, '0000100'], [24, '0101000'], [25, '0101011'], [26, '0010011'], [27, '0100100'], [28, '0011000'],
  [29, '00000010'], [30, '00000011'], [31, '00011010'], [32, '00011011'], [33, '00010010'], [34, '00010011'],
  [35, '00010100'], [36, '00010101'], [37, '00010110'], [38, '00010111'], [39, '00101000'], [40, '00101001'],
  [41, '00101010'], [42, '00101011'], [43, '00101100'], [44, '00101101'], [45, '00000100'], [46, '00000101'],
  [47, '00001010'], [48, '00001011'], [49, '01010010'], [50, '01010011'], [51, '01010100'], [52, '01010101'],
  [53, '00100100'], [54, '00100101'], [55, '01011000'], [56, '01011001'], [57, '01011010'], [58, '01011011'],
  [59, '01001010'], [60, '01001011'], [61, '00110010'], [62, '00110011'], [63, '00110100'],
  [64, '11011'], [128, '10010'], [192, '010111'], [256, '0110111'], [320, '00110110'], [384, '00110111'],
  [448, '01100100'], [512, '01100101'], [576, '01101000'], [640, '01100111'], [704, '011001100'], [768, '011001101'],
  [832, '011010010'], [896, '011010011'], [960, '011010100'], [1024, '011010101'], [1088, '011010110'],
  [1152, '011010111'], [1216, '011011000'], [1280, '011011001'], [1344, '011011010'], [1408, '011011011'],
  [1472, '010011000'], [1536, '010011001'], [1600, '010011010'], [1664, '011000'], [1728, '010011011'],
];
// prettier-ignore
const BLACK_CODES: Array<[number, string]> = [
  [0, '0000110111'], [1, '010'], [2, '11'], [3, '10'], [4, '011'], [5, '0011'], [6, '0010'], [7, '00011'],
  [8, '000101'], [9, '000100'], [10, '0000100'], [11, '0000101'], [12, '0000111'], [13, '00000100'],
  [14, '00000111'], [15, '000011000'], [16, '0000010111'], [17, '0000011000'], [18, '0000001000'],
  [19, '00001100111'], [20, '00001101000'], [21, '00001101100'], [22, '00000110111'], [23, '00000101000'],
  [24, '00000010111'], [25, '00000011000'], [26, '000011001010'], [27, '000011001011'], [28, '000011001100'],
  [29, '000011001101'], [30, '000001101000'], [31, '000001101001'], [32, '000001101010'], [33, '000001101011'],
  [34, '000011010010'], [35, '000011010011'], [36, '000011010100'], [37, '000011010101'], [38, '000011010110'],
  [39, '000011010111'], [40, '000001101100'], [41, '000001101101'], [42, '000011011010'], [43, '000011011011'],
  [44, '000001010100'], [45, '000001010101'], [46, '000001010110'], [47, '000001010111'], [48, '000001100100'],
  [49, '000001100101'], [50, '000001010010'], [51, '000001010011'], [52, '000000100100'], [53, '000000110111'],
  [54, '000000111000'], [55, '000000100111'], [56, '000000101000'], [57, '000001011000'], [58, '000001011001'],
  [59, '000000101011'], [60, '000000101100'], [61, '000001011010'], [62, '000001100110'], [63, '000001100111'],
  [64, '0000001111'], [128, '000011001000'], [192, '000011001001'], [256, '000001011011'], [320, '000000110011'],
  [384, '000000110100'], [448, '000000110101'], [512, '0000001101100'], [576, '0000001101101'],
  [640, '0000001001010'], [704, '0000001001011'], [768, '0000001001100'], [832, '0000001001101'],
  [896, '0000001110010'], [960, '0000001110011'], [1024, '0000001110100'], [1088, '0000001110101'],
  [1152, '0000001110110'], [1216, '0000001110111'], [1280, '0000001010010'], [1344, '0000001010011'],
  [1408, '0000001010100'], [1472, '0000001010101'], [1536, '0000001011010'], [1600, '0000001011011'],
  [1664, '0000001100100'], [1728, '0000001100101'],
];
// prettier-ignore
const EXTENDED_MAKEUP_CODES: Array<[number, string]> = [
  [1792, '00000001000'], [1856, '00000001100'], [1920, '00000001101'], [1984, '000000010010'],
  [2048, '000000010011'], [2112, '000000010100'], [2176, '000000010101'], [2240, '000000010110'],
  [2304, '000000010111'], [2368, '000000011100'], [2432, '000000011101'], [2496, '000000011110'],
  [2560, '000000011111'],
];

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

// Two-dimensional modes (T.6 table 1), read from the next 7 bits.
const PASS = 8;
const HORIZONTAL = 9;
const MODE_LENGTH = new Int8Array(128);
/** Vertical modes: the offset a1 - b1 plus 3 (0..6); PASS; HORIZONTAL; -1: not a mode this decoder knows. */
const MODE = new Int8Array(128).fill(-1);
for (const [mode, code] of [
  [3, '1'],
  [4, '011'],
  [2, '010'],
  [HORIZONTAL, '001'],
  [PASS, '0001'],
  [5, '000011'],
  [1, '000010'],
  [6, '0000011'],
  [0, '0000010'],
] as const) {
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
 */
export function decodeG4Rows(tiff: Uint8Array, page: TiffPage, onRow: (row: number, changes: Int32Array, count: number) => void): void {
  if (page.compression !== 4) throw new Error(`TIFF compression ${page.compression} is not CCITT Group 4`);
  const { width } = page;
  let reference = new Int32Array(width + 4);
  let coding = new Int32Array(width + 4);
  let row = 0;
  for (const strip of page.strips) {
    if (strip.offset + strip.length > tiff.length) throw new Error('TIFF strip out of the file');
    // Three bytes of padding: the reader looks up to 20 bits ahead.
    const data = new Uint8Array(strip.length + 3);
    data.set(tiff.subarray(strip.offset, strip.offset + strip.length));
    if (page.fillOrder === 2) for (let i = 0; i < strip.length; i += 1) data[i] = reverseBits(data[i]!);
    const end = strip.length * 8;
    let bit = 0;
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
      onRow(row, coding, count);
      [reference, coding] = [coding, reference];
      // Three copies of the width after the last change: b1 and b2 are always found.
      reference.fill(width, count, count + 3);
    }
  }
  if (row < page.height) throw new Error('TIFF strips end before the page');
}
