/**
 * The header line fax machines print above each page, put on the fax image just before a call (lines/t30/header-line.ts
 * draws the lines). Each page of the result is its header line followed by the page, pixel for pixel, coded G4 in one
 * strip, min-is-white: what goes down the line, and what the receiver must decode.
 *
 * G4 codes each row against the one above it, so a page under new rows changes only in its first row's code: the
 * header rows and that row are coded here, and the rest of a page Ghostscript wrote (one strip, min-is-white, as its
 * tiffg4 device writes them) is copied bit for bit. Any other page is decoded and coded again whole.
 */
import { decodeG4Rows, readTiffPages, type TiffPage } from './fax-tiff';
import { writeFaxTiff, type CodedPage } from './fax-tiff-join';
import { BitWriter, encodeG4Row, endG4Block } from './g4-encode';

/** A raw PBM (P4): `rows` packed eight pixels a byte, most significant first, 1 = black. */
type Pbm = { width: number; height: number; rowBytes: number; rows: Uint8Array };

/**
 * The fax image with `headerLines` above its pages: a raw PBM as wide as the pages, with one header line per page one
 * under the other, each of the same height.
 */
export function stampHeaderLines(image: Uint8Array, headerLines: Uint8Array, resolution: { xDpi: number; yDpi: number }): Uint8Array {
  const pbm = readPbm(headerLines);
  const pages = readTiffPages(image);
  if (pages.length === 0 || pbm.height % pages.length !== 0) throw new Error('The header lines are not one per page');
  const headerRows = pbm.height / pages.length;
  const stamped = pages.map((page, index): CodedPage => {
    if (page.width !== pbm.width) throw new Error('The header lines are not as wide as the page');
    const writer = new BitWriter(page.strips.reduce((sum, strip) => sum + strip.length, 0) + 1024);
    const row = new RowCoder(writer, page.width);
    for (let y = 0; y < headerRows; y += 1) row.code((coding) => pbmRowChanges(pbm, index * headerRows + y, coding));
    copyPageUnder(row, writer, image, page);
    return {
      page: {
        width: page.width,
        height: headerRows + page.height,
        compression: 4,
        photometric: 0,
        fillOrder: 1,
        rowsPerStrip: headerRows + page.height,
      },
      strips: [writer.finish()],
    };
  });
  return writeFaxTiff(stamped, resolution);
}

/** Codes rows one after the other, each against the last, from the imaginary white row a G4 strip starts from. */
class RowCoder {
  private reference: Int32Array;
  private coding: Int32Array;

  constructor(
    private readonly writer: BitWriter,
    private readonly width: number,
  ) {
    this.reference = new Int32Array(width + 4).fill(width);
    this.coding = new Int32Array(width + 4);
  }

  /** Codes the row whose changes `fill` writes into the array it is given (returning how many). */
  code(fill: (coding: Int32Array) => number): void {
    const count = fill(this.coding);
    encodeG4Row(this.writer, this.reference, this.coding, count, this.width);
    [this.reference, this.coding] = [this.coding, this.reference];
    this.reference.fill(this.width, count, count + 3);
  }
}

/** The page's rows after the header rows already coded. */
function copyPageUnder(row: RowCoder, writer: BitWriter, image: Uint8Array, page: TiffPage): void {
  const copyable = page.strips.length === 1 && page.photometric === 0 && page.fillOrder === 1;
  if (copyable) {
    // Its first row, against the last header row; then every later row's code as it was, up to the block's end.
    const strip = page.strips[0]!;
    const firstRowEnd = decodeG4Rows(image, page, (_y, changes, count) => {
      row.code((coding) => sameChanges(changes, count, coding));
      return false;
    });
    writer.copy(image.subarray(strip.offset, strip.offset + strip.length), firstRowEnd, strip.length * 8);
    return;
  }
  // Min-is-black pages are turned over: the result is min-is-white, 1 = black, as the coding's "black" runs are.
  const changesOf = page.photometric === 1 ? otherColourChanges : sameChanges;
  decodeG4Rows(image, page, (_y, changes, count) => row.code((coding) => changesOf(changes, count, coding)));
  endG4Block(writer);
}

/** A row's changes into `coding` as they are; returns how many. */
function sameChanges(changes: Int32Array, count: number, coding: Int32Array): number {
  coding.set(changes.subarray(0, count));
  return count;
}

/**
 * A row's changes with its colours turned over: one that started black starts white, one that started white gets a
 * change at 0.
 */
function otherColourChanges(changes: Int32Array, count: number, coding: Int32Array): number {
  if (count > 0 && changes[0] === 0) {
    coding.set(changes.subarray(1, count));
    return count - 1;
  }
  coding[0] = 0;
  coding.set(changes.subarray(0, count), 1);
  return count + 1;
}

/** The changes of a PBM row, the first from white to black, into `coding`; returns how many. */
function pbmRowChanges(pbm: Pbm, y: number, coding: Int32Array): number {
  const start = y * pbm.rowBytes;
  let count = 0;
  let colour = 0;
  for (let x = 0; x < pbm.width;) {
    const byte = pbm.rows[start + (x >>> 3)]!;
    // A whole byte of the current colour holds no change.
    if ((x & 7) === 0 && x + 8 <= pbm.width && byte === (colour === 0 ? 0x00 : 0xff)) {
      x += 8;
      continue;
    }
    const pixel = (byte >>> (7 - (x & 7))) & 1;
    if (pixel !== colour) {
      coding[count++] = x;
      colour = pixel;
    }
    x += 1;
  }
  return count;
}

/** A raw PBM's size and rows: "P4", the width and the height (with # comments between), one white space, the rows. */
function readPbm(bytes: Uint8Array): Pbm {
  let at = 0;
  const fail = () => {
    throw new Error('The header lines are not a raw PBM');
  };
  if (bytes[0] !== 0x50 || bytes[1] !== 0x34) fail();
  at = 2;
  const isSpace = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
  const number = () => {
    for (;;) {
      if (bytes[at] === 0x23) while (at < bytes.length && bytes[at] !== 0x0a) at += 1;
      else if (isSpace(bytes[at])) at += 1;
      else break;
    }
    let value = 0;
    const from = at;
    while (bytes[at]! >= 0x30 && bytes[at]! <= 0x39) value = value * 10 + bytes[at++]! - 0x30;
    if (at === from) fail();
    return value;
  };
  const width = number();
  const height = number();
  if (!isSpace(bytes[at])) fail();
  at += 1;
  const rowBytes = Math.ceil(width / 8);
  if (width === 0 || bytes.length - at < rowBytes * height) fail();
  return { width, height, rowBytes, rows: bytes.subarray(at, at + rowBytes * height) };
}
