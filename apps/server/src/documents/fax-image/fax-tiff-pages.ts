/**
 * A fax image cut to some of its pages: a retry after a call that ended partway sends only the pages the far end has
 * not confirmed, on lines that take a whole document (HylaFAX, carriers). Each page is copied as it is, its directory
 * entries and its coded data byte for byte, so that a page's SHA-256 (the receipt's) is the same in the cut as in
 * the whole image; only where the bytes lie, and the page numbers (TIFF PageNumber), change.
 */
import { openClassicTiff } from './fax-tiff';

/** Bytes per value of each TIFF field type (TIFF 6.0, section 2): BYTE, ASCII, SHORT, LONG, RATIONAL, … DOUBLE. */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const STRIP_OFFSETS = 273;
const STRIP_BYTE_COUNTS = 279;
const PAGE_NUMBER = 297;
const SHORT = 3;
const LONG = 4;

type Entry = { tag: number; type: number; count: number; value: Uint8Array };
type Page = { entries: Entry[]; strips: Uint8Array[] };

/** Pages `firstPage` to the last of a classic TIFF, as a TIFF of their own (the image itself when `firstPage` is 1). */
export function tiffPagesFrom(tiff: Uint8Array, firstPage: number): Uint8Array {
  if (!Number.isInteger(firstPage) || firstPage < 1) throw new Error(`no page ${firstPage} in a fax image`);
  if (firstPage === 1) return tiff;
  const { little, pages } = readPages(tiff);
  if (firstPage > pages.length) throw new Error(`the fax image has ${pages.length} pages, none from ${firstPage} on`);
  return writePages(little, pages.slice(firstPage - 1));
}

function readPages(tiff: Uint8Array): { little: boolean; pages: Page[] } {
  const { little, u16, u32 } = openClassicTiff(tiff);
  const inFile = (at: number, length: number) => {
    if (at + length > tiff.length) throw new Error('TIFF value out of the file');
    return tiff.subarray(at, at + length);
  };
  const pages: Page[] = [];
  const seen = new Set<number>();
  for (let ifd = u32(4); ifd !== 0;) {
    if (seen.has(ifd) || ifd + 2 > tiff.length) throw new Error('Broken TIFF directory chain');
    seen.add(ifd);
    const count = u16(ifd);
    const entries: Entry[] = [];
    for (let index = 0; index < count; index += 1) {
      const at = ifd + 2 + index * 12;
      const type = u16(at + 2);
      const size = TYPE_SIZES[type];
      if (!size) throw new Error(`TIFF field of unknown type ${type}`);
      const n = u32(at + 4);
      entries.push({ tag: u16(at), type, count: n, value: inFile(n * size <= 4 ? at + 8 : u32(at + 8), n * size) });
    }
    const numbers = (tag: number) => {
      const entry = entries.find((candidate) => candidate.tag === tag);
      if (!entry) return [];
      const values = new DataView(entry.value.buffer, entry.value.byteOffset, entry.value.byteLength);
      return Array.from({ length: entry.count }, (_, k) =>
        entry.type === SHORT ? values.getUint16(k * 2, little) : values.getUint32(k * 4, little),
      );
    };
    const offsets = numbers(STRIP_OFFSETS);
    const lengths = numbers(STRIP_BYTE_COUNTS);
    if (offsets.length === 0 || offsets.length !== lengths.length) throw new Error('TIFF page without strips');
    pages.push({ entries, strips: offsets.map((offset, k) => inFile(offset, lengths[k]!)) });
    ifd = u32(ifd + 2 + count * 12);
  }
  return { little, pages };
}

/** Header, then each page's strips, its values too long for their entry, and its directory, in the source's byte order. */
function writePages(little: boolean, pages: Page[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const append = (bytes: Uint8Array) => {
    const at = length;
    chunks.push(bytes);
    length += bytes.length;
    // Every value and directory starts on a word boundary (TIFF 6.0).
    if (length % 2 === 1) {
      chunks.push(new Uint8Array(1));
      length += 1;
    }
    return at;
  };
  const numbers = (type: number, values: number[]) => {
    const bytes = new Uint8Array(values.length * TYPE_SIZES[type]!);
    const view = new DataView(bytes.buffer);
    values.forEach((value, k) => (type === SHORT ? view.setUint16(k * 2, value, little) : view.setUint32(k * 4, value, little)));
    return bytes;
  };
  const header = new Uint8Array(8);
  const headerView = new DataView(header.buffer);
  header.set(little ? [0x49, 0x49] : [0x4d, 0x4d]);
  headerView.setUint16(2, 42, little);
  append(header);
  /** Where the previous directory's "next directory" offset lies, to be filled with this page's directory. */
  let nextPointer: { chunk: DataView; at: number } = { chunk: headerView, at: 4 };

  pages.forEach((page, index) => {
    const stripOffsets = page.strips.map((strip) => append(strip));
    const entries: Entry[] = page.entries.map((entry) => {
      if (entry.tag === STRIP_OFFSETS)
        return { tag: entry.tag, type: LONG, count: stripOffsets.length, value: numbers(LONG, stripOffsets) };
      if (entry.tag === PAGE_NUMBER && entry.type === SHORT && entry.count === 2)
        return { ...entry, value: numbers(SHORT, [index, pages.length]) };
      return entry;
    });
    const places = entries.map((entry) => (entry.value.length > 4 ? append(entry.value) : null));
    const directory = new Uint8Array(2 + entries.length * 12 + 4);
    const view = new DataView(directory.buffer);
    view.setUint16(0, entries.length, little);
    entries.forEach((entry, k) => {
      const at = 2 + k * 12;
      view.setUint16(at, entry.tag, little);
      view.setUint16(at + 2, entry.type, little);
      view.setUint32(at + 4, entry.count, little);
      const place = places[k];
      if (place === null || place === undefined) directory.set(entry.value, at + 8);
      else view.setUint32(at + 8, place, little);
    });
    const directoryAt = append(directory);
    nextPointer.chunk.setUint32(nextPointer.at, directoryAt, little);
    nextPointer = { chunk: view, at: directory.length - 4 };
  });

  const file = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    file.set(chunk, at);
    at += chunk.length;
  }
  return file;
}
