import { readTiffPages, type TiffPage } from './fax-tiff';

/**
 * One fax image from several, their pages in order: the fax image of a long document is rendered in parts by more than
 * one Ghostscript at once (warm-ghostscript.ts), and joined here. Each page's compressed strips are copied byte for byte
 * (nothing is decoded or encoded again), so the pixels are the renderer's own; each page gets a directory of TIFF
 * class F's tags, as Ghostscript writes them, with its page number among all the pages.
 */

const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

type Entry = { tag: number; type: number; values: number[] };

export function joinTiffPages(parts: readonly Uint8Array[], resolution: { xDpi: number; yDpi: number }): Uint8Array {
  const pages = parts.flatMap((tiff) =>
    readTiffPages(tiff).map((page) => ({
      page,
      strips: page.strips.map((strip) => tiff.subarray(strip.offset, strip.offset + strip.length)),
    })),
  );
  return writeFaxTiff(pages, resolution);
}

/** A page to write: what its directory says, and its coded strips. */
export type CodedPage = { page: Omit<TiffPage, 'strips'>; strips: readonly Uint8Array[] };

/** A TIFF class F of the pages given, in order, each under a directory as joinTiffPages describes. */
export function writeFaxTiff(pages: readonly CodedPage[], resolution: { xDpi: number; yDpi: number }): Uint8Array {
  if (pages.length === 0) throw new Error('No page to join');
  const dataLength = pages.reduce((sum, { strips }) => sum + strips.reduce((n, strip) => n + strip.length, 0), 0);
  const ENTRIES = 16;
  // A directory: its entry count, the entries, the next directory's offset; then its two resolutions (rationals).
  const directoryLength = 2 + ENTRIES * 12 + 4 + 16;
  const stripTables = pages.reduce((sum, { strips }) => sum + (strips.length > 1 ? strips.length * 8 : 0), 0);
  const out = new Uint8Array(8 + dataLength + 1 + pages.length * directoryLength + stripTables);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49]); // 'II': little-endian
  view.setUint16(2, 42, true);

  let at = 8;
  const placed = pages.map(({ page, strips }) => {
    const offsets = strips.map((strip) => {
      out.set(strip, at);
      at += strip.length;
      return at - strip.length;
    });
    return { page, offsets, lengths: strips.map((strip) => strip.length) };
  });
  // Directories start on a word boundary, as TIFF asks.
  at += at % 2;
  view.setUint32(4, at, true);
  placed.forEach(({ page, offsets, lengths }, index) => {
    const directory = at;
    const extra = directory + 2 + ENTRIES * 12 + 4;
    let tables = extra + 16;
    /** Values over 4 bytes go after the directory; their offset is the entry's value. */
    const list = (values: number[]): number[] => {
      if (values.length === 1) return values;
      const start = tables;
      values.forEach((value, k) => view.setUint32(start + k * 4, value, true));
      tables += values.length * 4;
      return [start];
    };
    const entries: Entry[] = [
      { tag: 254, type: LONG, values: [2] }, // NewSubfileType: a page of a multi-page document
      { tag: 256, type: LONG, values: [page.width] },
      { tag: 257, type: LONG, values: [page.height] },
      { tag: 258, type: SHORT, values: [1] },
      { tag: 259, type: SHORT, values: [page.compression] },
      { tag: 262, type: SHORT, values: [page.photometric] },
      { tag: 266, type: SHORT, values: [page.fillOrder] },
      { tag: 273, type: LONG, values: list(offsets) },
      { tag: 274, type: SHORT, values: [1] }, // Orientation: row 0 top, column 0 left
      { tag: 277, type: SHORT, values: [1] },
      { tag: 278, type: LONG, values: [page.rowsPerStrip] },
      { tag: 279, type: LONG, values: list(lengths) },
      { tag: 282, type: RATIONAL, values: [extra] },
      { tag: 283, type: RATIONAL, values: [extra + 8] },
      { tag: 296, type: SHORT, values: [2] }, // ResolutionUnit: inch
      { tag: 297, type: SHORT, values: [index, placed.length] }, // PageNumber: this page of all
    ];
    if (entries.length !== ENTRIES) throw new Error('TIFF directory size');
    view.setUint16(directory, ENTRIES, true);
    entries.forEach((entry, k) => {
      const p = directory + 2 + k * 12;
      view.setUint16(p, entry.tag, true);
      view.setUint16(p + 2, entry.type, true);
      // Several values (the strip tables) were written after the directory and give their offset here.
      const count = entry.tag === 273 || entry.tag === 279 ? offsets.length : entry.values.length;
      view.setUint32(p + 4, count, true);
      if (entry.type === SHORT && entry.values.length === 2) {
        view.setUint16(p + 8, entry.values[0]!, true);
        view.setUint16(p + 10, entry.values[1]!, true);
      } else if (entry.type === SHORT) view.setUint16(p + 8, entry.values[0]!, true);
      else view.setUint32(p + 8, entry.values[0]!, true);
    });
    view.setUint32(extra, resolution.xDpi, true);
    view.setUint32(extra + 4, 1, true);
    view.setUint32(extra + 8, resolution.yDpi, true);
    view.setUint32(extra + 12, 1, true);
    const last = index === placed.length - 1;
    at = tables + (tables % 2);
    view.setUint32(directory + 2 + ENTRIES * 12, last ? 0 : at, true);
  });
  return out.subarray(0, at);
}
