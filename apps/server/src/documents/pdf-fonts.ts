import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * Liberation fonts (Debian's fonts-liberation, installed by set-up): embedded so that accents and other non-Latin-1
 * letters of names, messages and text files print correctly; the PDF standard fonts only know Latin-1.
 */
const FONT_DIR = '/usr/share/fonts/truetype/liberation';
const cache = new Map<string, Promise<Buffer>>();
const fontBytes = (file: string) => {
  let bytes = cache.get(file);
  if (!bytes) cache.set(file, (bytes = readFile(`${FONT_DIR}/${file}`)));
  return bytes;
};

export async function embedFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont; mono: PDFFont }> {
  pdf.registerFontkit(fontkit);
  const [regular, bold, mono] = await Promise.all(
    ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf', 'LiberationMono-Regular.ttf'].map(async (file) =>
      pdf.embedFont(await fontBytes(file), { subset: true }),
    ),
  );
  return { regular: regular!, bold: bold!, mono: mono! };
}

/** Splits text into lines that fit `maxWidth` at `size`, keeping the text's own line breaks. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      const candidate = line + word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
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
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
