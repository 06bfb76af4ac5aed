import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { embedFixedSubset, makeFixedSubset, subsetCovers, type FixedSubset } from './fixed-subset-font';

/**
 * Liberation fonts (Debian's fonts-liberation, installed by set-up): embedded so that accents and other non-Latin-1
 * letters of names, messages and text files print correctly; the PDF standard fonts only know Latin-1.
 */
const FONT_DIR = '/usr/share/fonts/truetype/liberation';
const FILES = { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf', mono: 'LiberationMono-Regular.ttf' } as const;
export type FontName = keyof typeof FILES;

const bytesCache = new Map<string, Promise<Buffer>>();
const fontBytes = (file: string) => {
  let bytes = bytesCache.get(file);
  if (!bytes) bytesCache.set(file, (bytes = readFile(`${FONT_DIR}/${file}`)));
  return bytes;
};

// A font file is parsed once per process: fontkit's font is read-only (its glyph and layout caches only grow), so
// every document can share it; each embedding still makes its own subset.
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;
const parsed = new WeakMap<Uint8Array, ParsedFont>();
const sharedFontkit: Fontkit = {
  create: (data) => {
    let font = parsed.get(data);
    if (!font) parsed.set(data, (font = fontkit.create(data)));
    return font;
  },
};

const fixedSubsets = new Map<FontName, Promise<FixedSubset>>();
function fixedSubset(name: FontName): Promise<FixedSubset> {
  let subset = fixedSubsets.get(name);
  if (!subset) {
    subset = fontBytes(FILES[name]).then((bytes) => makeFixedSubset(sharedFontkit.create(bytes), bytes));
    // A failure is not kept: the next document tries again.
    subset.catch(() => fixedSubsets.delete(name));
    fixedSubsets.set(name, subset);
  }
  return subset;
}

// One embedding per font and document: the cover and a text file share it, and a font no page uses is never
// embedded. The subset made once per process serves whatever text it covers (fixed-subset-font.ts); other text
// gets a subset of its own, made when the document is saved.
const embedded = new WeakMap<PDFDocument, Map<string, Promise<PDFFont>>>();

/** The font to draw `text` with in `pdf`: all of the text that will be drawn with it, so that the font covers it. */
export async function documentFont(pdf: PDFDocument, name: FontName, text: string): Promise<PDFFont> {
  const subset = await fixedSubset(name);
  const fixed = subsetCovers(subset, text);
  let fonts = embedded.get(pdf);
  if (!fonts) embedded.set(pdf, (fonts = new Map()));
  const key = fixed ? `${name}:fixed` : name;
  let font = fonts.get(key);
  if (!font) {
    if (fixed) font = embedFixedSubset(pdf, subset);
    else {
      pdf.registerFontkit(sharedFontkit);
      font = fontBytes(FILES[name]).then((bytes) => pdf.embedFont(bytes, { subset: true }));
    }
    fonts.set(key, font);
  }
  return font;
}

// Widths of words at size 1, per font (by name: the same font file in every document): shaping a word is the costly
// part of measuring, and the same words come back (a line used to be measured again each time it grew, and every
// cover says "From", "To", ...). A width is the sum of the glyphs' advances, so a line's width is the sum of its
// words' and spaces' widths.
const widthCache = new Map<string, Map<string, number>>();
const WIDTH_CACHE_LIMIT = 20_000;
function widthAtOne(font: PDFFont, text: string): number {
  let widths = widthCache.get(font.name);
  if (!widths) widthCache.set(font.name, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    if (widths.size >= WIDTH_CACHE_LIMIT) widths.clear();
    widths.set(text, width);
  }
  return width;
}

/** Splits text into lines that fit `maxWidth` at `size`, keeping the text's own line breaks. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const max = maxWidth / size;
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/(\s+)/)) {
      const wordWidth = widthAtOne(font, word);
      if (lineWidth + wordWidth <= max) {
        line += word;
        lineWidth += wordWidth;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      // A word longer than the line is cut where it must be.
      let rest = word.trimStart();
      while (font.widthOfTextAtSize(rest, size) > maxWidth) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineWidth = widthAtOne(font, rest);
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
