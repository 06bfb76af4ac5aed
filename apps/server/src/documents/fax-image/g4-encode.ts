/**
 * Writing CCITT Group 4 (T.6): rows given as their changing elements, as decodeG4Rows (fax-tiff.ts) gives them, coded
 * each against the row above it. Only what the header stamp needs (stamp-header-lines.ts): no uncompressed mode.
 */
import { BLACK_CODES, EXTENDED_MAKEUP_CODES, HORIZONTAL, MODE_CODES, PASS, WHITE_CODES } from './g4-codes';

type Code = { bits: number; length: number };
const codeOf = (code: string): Code => ({ bits: parseInt(code, 2), length: code.length });

/** Each colour's codes by run length: the terminating ones (0 to 63) and the make-up ones (multiples of 64). */
const RUN_CODES = [WHITE_CODES, BLACK_CODES].map((colourCodes) => {
  const codes = new Map<number, Code>();
  for (const [run, code] of [...colourCodes, ...EXTENDED_MAKEUP_CODES]) codes.set(run, codeOf(code));
  return codes;
}) as [Map<number, Code>, Map<number, Code>];
const LONGEST_MAKEUP = 2560;

/** Vertical modes by offset plus 3 (0 to 6), then PASS and HORIZONTAL, as g4-codes.ts numbers them. */
const MODES: Code[] = [];
for (const [mode, code] of MODE_CODES) MODES[mode] = codeOf(code);

/** Two end-of-line codes: the end of a G4 block (T.6 section 2.4), after a page's last row. */
const EOFB: Code = { bits: 0b000000000001000000000001, length: 24 };

/** Bits written most significant first into bytes that grow as needed. */
export class BitWriter {
  private bytes: Uint8Array;
  private bit = 0;

  constructor(capacityBytes = 4096) {
    this.bytes = new Uint8Array(Math.max(16, capacityBytes));
  }

  /** Writes the low `length` bits of `bits` (at most 24). */
  put(bits: number, length: number): void {
    this.ensure(4);
    let left = length;
    while (left > 0) {
      const free = 8 - (this.bit & 7);
      const take = Math.min(free, left);
      const chunk = (bits >>> (left - take)) & ((1 << take) - 1);
      this.bytes[this.bit >>> 3]! |= chunk << (free - take);
      this.bit += take;
      left -= take;
    }
  }

  /** Copies bits `from` to `to` of `source` (most significant first in each byte). */
  copy(source: Uint8Array, from: number, to: number): void {
    let at = from;
    // Up to the source's next byte, bit by bit; then whole bytes, each split over two of ours; then the last bits.
    while (at < to && (at & 7) !== 0) {
      this.put((source[at >>> 3]! >>> (7 - (at & 7))) & 1, 1);
      at += 1;
    }
    const whole = (to - at) >>> 3;
    this.ensure(whole + 1);
    const shift = this.bit & 7;
    let byte = this.bit >>> 3;
    const first = at >>> 3;
    if (shift === 0) this.bytes.set(source.subarray(first, first + whole), byte);
    else
      for (let k = first; k < first + whole; k += 1, byte += 1) {
        this.bytes[byte]! |= source[k]! >>> shift;
        this.bytes[byte + 1] = (source[k]! << (8 - shift)) & 0xff;
      }
    this.bit += whole * 8;
    at += whole * 8;
    if (at < to) this.put(source[at >>> 3]! >>> (8 - (to - at)), to - at);
  }

  /** What was written, its last byte padded with zeros. */
  finish(): Uint8Array {
    return this.bytes.slice(0, (this.bit + 7) >>> 3);
  }

  /** Room for `bytes` more bytes after the current one. */
  private ensure(bytes: number): void {
    const needed = (this.bit >>> 3) + bytes + 1;
    if (needed <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    bigger.set(this.bytes);
    this.bytes = bigger;
  }
}

function putCode(writer: BitWriter, code: Code): void {
  writer.put(code.bits, code.length);
}

/** A run of one colour (0 white, 1 black): make-up codes for its multiples of 64, then its terminating code. */
function putRun(writer: BitWriter, run: number, colour: number): void {
  const codes = RUN_CODES[colour]!;
  let left = run;
  while (left >= LONGEST_MAKEUP + 64) {
    putCode(writer, codes.get(LONGEST_MAKEUP)!);
    left -= LONGEST_MAKEUP;
  }
  if (left >= 64) {
    putCode(writer, codes.get(left - (left % 64))!);
    left %= 64;
  }
  putCode(writer, codes.get(left)!);
}

/**
 * Codes one row of `width` pixels against the row above it (T.6 section 2.2), both as changing elements: `coding` holds
 * the row's `count` changes, the first from white to black, and room for two more; `reference` the row above's, each
 * followed by at least three copies of `width` (an imaginary white row is three of them). The choices mirror
 * decodeG4Rows': a0 starts before the first pixel, white; b1 is the reference's first change right of a0 to the colour
 * opposite a0's.
 */
export function encodeG4Row(writer: BitWriter, reference: Int32Array, coding: Int32Array, count: number, width: number): void {
  coding[count] = width;
  coding[count + 1] = width;
  let a0 = -1;
  let next = 0; // the index of a1, the row's first change right of a0; its parity is a0's colour
  let r = 0;
  while (a0 < width) {
    while (reference[r]! <= a0) r += 1;
    const b1Index = r + ((r ^ next) & 1);
    const b1 = reference[b1Index]!;
    const b2 = reference[b1Index + 1]!;
    const a1 = coding[next]!;
    if (b2 < a1) {
      putCode(writer, MODES[PASS]!);
      a0 = b2;
    } else if (a1 - b1 >= -3 && a1 - b1 <= 3) {
      putCode(writer, MODES[a1 - b1 + 3]!);
      a0 = a1;
      next += 1;
    } else {
      const a2 = coding[next + 1]!;
      const colour = next & 1;
      putCode(writer, MODES[HORIZONTAL]!);
      putRun(writer, a1 - Math.max(a0, 0), colour);
      putRun(writer, a2 - a1, colour ^ 1);
      a0 = a2;
      next += 2;
    }
  }
}

/** Ends a G4 block: what follows a page's last row. */
export function endG4Block(writer: BitWriter): void {
  putCode(writer, EOFB);
}
