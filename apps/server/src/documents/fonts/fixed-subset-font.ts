import zlib from 'node:zlib';
import { CustomFontEmbedder, PDFFont, PDFHexString, type PDFContext, type PDFDocument, type PDFRef } from 'pdf-lib';

/**
 * One subset of a font per process, for every document: the glyphs of the letters our three languages and their
 * neighbours write (Latin-1, Latin Extended-A, the usual punctuation), encoded and compressed once. Subsetting a
 * font again for each fax was the largest part of making its document of record; a cover or a text file whose
 * letters are all in this set now reuses the bytes, and the rest still get a subset of their own (pdf-fonts.ts).
 * Glyphs are taken one per character, without ligatures: the same letters, and text copied from the PDF comes out
 * as typed.
 */
const REPERTOIRE = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2000, 0x203a], // spaces (Intl puts a narrow no-break one before AM and PM), dashes, quotes, bullets
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
] as const;
/** Never drawn (line breaks, tabs and page breaks are laid out, not printed), so any text may hold them. */
const LAID_OUT = new Set([0x09, 0x0a, 0x0c, 0x0d]);

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;

export type FixedSubset = {
  font: Font;
  fontData: Uint8Array;
  /** Character code point to glyph number in the subset. */
  glyphOf: Map<number, number>;
  /** Advance width of each glyph in the subset, in font units. */
  advances: number[];
  compressedFont: Uint8Array;
  fontLength: number;
  compressedToUnicode: Uint8Array;
};

function encodeSubset(subset: ReturnType<Font['createSubset']>): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    // Typed by pdf-lib without its 'error' event.
    (subset.encodeStream() as unknown as NodeJS.EventEmitter)
      .on('data', (bytes: Uint8Array) => parts.push(bytes))
      .on('end', () => resolve(Buffer.concat(parts)))
      .on('error', reject);
  });
}

const hex4 = (value: number) => value.toString(16).padStart(4, '0');
const utf16Hex = (codePoint: number) =>
  codePoint > 0xffff ? hex4(0xd800 + ((codePoint - 0x10000) >> 10)) + hex4(0xdc00 + ((codePoint - 0x10000) & 0x3ff)) : hex4(codePoint);

/** The ToUnicode map (PDF 32000-1 9.10.3) from glyph numbers back to the characters they print. */
function toUnicodeCMap(characterOf: Map<number, number>): string {
  const entries = [...characterOf].sort(([a], [b]) => a - b);
  const blocks: string[] = [];
  // At most 100 entries per bfchar block.
  for (let at = 0; at < entries.length; at += 100) {
    const block = entries.slice(at, at + 100);
    blocks.push(
      `${block.length} beginbfchar\n${block.map(([glyph, codePoint]) => `<${hex4(glyph)}> <${utf16Hex(codePoint)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000><ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

export async function makeFixedSubset(font: Font, fontData: Uint8Array): Promise<FixedSubset> {
  const subset = font.createSubset();
  const glyphOf = new Map<number, number>();
  const characterOf = new Map<number, number>();
  const advances: number[] = [font.getGlyph(0).advanceWidth];
  for (const [first, last] of REPERTOIRE)
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      if (!font.hasGlyphForCodePoint(codePoint)) continue;
      const glyph = font.glyphForCodePoint(codePoint);
      const id = subset.includeGlyph(glyph);
      glyphOf.set(codePoint, id);
      if (!characterOf.has(id)) characterOf.set(id, codePoint);
      advances[id] = glyph.advanceWidth;
    }
  const bytes = await encodeSubset(subset);
  return {
    font,
    fontData,
    glyphOf,
    advances,
    compressedFont: zlib.deflateSync(bytes),
    fontLength: bytes.length,
    compressedToUnicode: zlib.deflateSync(toUnicodeCMap(characterOf)),
  };
}

/** Whether every character of `text` that gets printed is in the subset. */
export function subsetCovers(subset: FixedSubset, text: string): boolean {
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (!LAID_OUT.has(codePoint) && !subset.glyphOf.has(codePoint)) return false;
  }
  return true;
}

/** pdf-lib's embedder for a TrueType font, serving the subset made once instead of making one per document. */
class FixedSubsetEmbedder extends CustomFontEmbedder {
  private readonly perEm: number;

  constructor(private readonly subset: FixedSubset) {
    super(subset.font, subset.fontData);
    this.perEm = subset.font.unitsPerEm;
  }

  override encodeText(text: string): PDFHexString {
    let hex = '';
    for (const character of text) {
      const glyph = this.subset.glyphOf.get(character.codePointAt(0)!);
      // Callers check with subsetCovers first; a character outside the set prints as the missing-glyph box.
      hex += hex4(glyph ?? 0);
    }
    return PDFHexString.of(hex);
  }

  override widthOfTextAtSize(text: string, size: number): number {
    let units = 0;
    for (const character of text) units += this.subset.advances[this.subset.glyphOf.get(character.codePointAt(0)!) ?? 0] ?? 0;
    return (units * size) / this.perEm;
  }

  protected override computeWidths(): (number | number[])[] {
    return [0, Array.from(this.subset.advances, (advance) => ((advance ?? 0) * 1000) / this.perEm)];
  }

  protected override embedFontStream(context: PDFContext): Promise<PDFRef> {
    const stream = context.stream(this.subset.compressedFont, { Filter: 'FlateDecode', Length1: this.subset.fontLength });
    return Promise.resolve(context.register(stream));
  }

  protected override embedUnicodeCmap(context: PDFContext): PDFRef {
    return context.register(context.stream(this.subset.compressedToUnicode, { Filter: 'FlateDecode' }));
  }
}

/** The subset as a font of `pdf`, its objects written into the document at once (they never change). */
export async function embedFixedSubset(pdf: PDFDocument, subset: FixedSubset): Promise<PDFFont> {
  const font = PDFFont.of(pdf.context.nextRef(), pdf, new FixedSubsetEmbedder(subset));
  await font.embed();
  return font;
}
