import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { insertCoverPages, type CoverPage } from '../cover-page/cover-page';
import { embedFixedSubset, makeFixedSubset } from './fixed-subset-font';

const FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';

const cover = (language: CoverPage['language'], senderName: string): CoverPage => ({
  language,
  senderName,
  senderNumber: '+33142000000',
  recipientName: 'Dr. Müller',
  recipientNumber: '+12025550143',
  date: new Date('2026-11-22T15:30:00Z'),
  documentPages: 2,
  subject: 'Résultats « urgents »',
  message: 'Œuvre, café, niño — 50 € ; l’équipe.',
});

/** The lengths of the font programs a saved PDF embeds, uncompressed. */
async function embeddedFontLengths(bytes: Uint8Array): Promise<number[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
    .map((descriptor) => decodePDFRawStream(descriptor.lookup(PDFName.of('FontFile2')) as PDFRawStream).decode().length)
    .sort((a, b) => a - b);
}

describe('the font subset made once per process', () => {
  it('serves the covers of all three languages, and not a name outside its letters', async () => {
    const regular = await makeFixedSubset(fontkit.create(await readFile(FONT)), await readFile(FONT));
    for (const language of ['en', 'es', 'fr'] as const) {
      const pdf = await PDFDocument.create();
      await insertCoverPages(pdf, cover(language, 'Clinique Saint-Jean'));
      const lengths = await embeddedFontLengths(await pdf.save());
      expect(lengths, language).toHaveLength(2); // regular and bold
      expect(lengths, language).toContain(regular.fontLength);
    }
    const greek = await PDFDocument.create();
    await insertCoverPages(greek, cover('en', 'Δρ. Παπαδόπουλος'));
    const lengths = await embeddedFontLengths(await greek.save());
    expect(lengths).toHaveLength(2);
    expect(lengths).not.toContain(regular.fontLength); // subsets of their own, with the Greek letters
  });

  it('measures text as the font does, and writes one glyph per character', async () => {
    const bytes = await readFile(FONT);
    const font = fontkit.create(bytes);
    const subset = await makeFixedSubset(font, bytes);
    const pdf = await PDFDocument.create();
    const fixed = await embedFixedSubset(pdf, subset);
    const text = 'Dr. Müller · +33 1 42 00 — 22 novembre 2026 à 10:00';
    const expected = [...text].reduce((sum, character) => sum + font.glyphForCodePoint(character.codePointAt(0)!).advanceWidth, 0);
    expect(fixed.widthOfTextAtSize(text, 12)).toBeCloseTo((expected * 12) / font.unitsPerEm, 6);
    const glyphs = fixed.encodeText('Aé').toString();
    expect(glyphs).toBe(
      `<${subset.glyphOf.get(0x41)!.toString(16).padStart(4, '0')}${subset.glyphOf.get(0xe9)!.toString(16).padStart(4, '0')}>`,
    );
    // The widths the PDF declares are the font's, glyph by glyph.
    const descendants = pdf.context.lookup(fixed.ref, PDFDict).lookup(PDFName.of('DescendantFonts'), PDFArray);
    const widths = descendants.lookup(0, PDFDict).lookup(PDFName.of('W'), PDFArray);
    expect(widths.lookup(1, PDFArray).size()).toBe(subset.advances.length);
    const a = subset.glyphOf.get(0x41)!;
    expect(widths.lookup(1, PDFArray).get(a).toString()).toBe(String((font.glyphForCodePoint(0x41).advanceWidth * 1000) / font.unitsPerEm));
  });
});
