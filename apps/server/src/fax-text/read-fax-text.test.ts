import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { corpusFax, expectedText, FAX_TEXT_CORPUS } from '@test-support/fax-text-corpus';
import { pageLook, pageProblemOf } from './page-problems';
import { meanWordConfidence, readFaxText, tidyText } from './read-fax-text';

const corpusDocument = (id: string) => FAX_TEXT_CORPUS.find((document) => document.id === id)!;
const oneSpace = (text: string) => text.replace(/\s+/g, ' ').trim();

// Ghostscript and Tesseract take a second or two a page, more on a busy machine.
describe('readFaxText', { timeout: 60_000 }, () => {
  // The accuracy over the whole corpus is bench/ocr.ts's; here one page of each resolution, in the language with the
  // most accents, and the blank page, read through Ghostscript and Tesseract as the product reads them.
  it.each(['fine', 'standard'] as const)('reads a French referral received at %s resolution', async (quality) => {
    const document = corpusDocument('referral-fr');
    const { pdf } = await corpusFax(document, quality);
    const [page, ...more] = await readFaxText(pdf, quality);
    expect(more).toEqual([]);
    expect(page!.page).toBe(1);
    const expected = oneSpace(expectedText(document));
    expect(1 - distance(expected, oneSpace(page!.text)) / expected.length).toBeGreaterThanOrEqual(quality === 'fine' ? 0.97 : 0.9);
    expect(page!.text).toContain('Date de naissance');
    expect(page!.confidence).toBeGreaterThan(50);
    expect(page!.problem).toBeNull();
  });

  it('reads a blank page as no words, with no confidence, and says it is blank (decision 101)', async () => {
    const { pdf } = await corpusFax(corpusDocument('blank'), 'fine');
    expect(await readFaxText(pdf, 'fine')).toEqual([{ page: 1, text: '', confidence: null, problem: 'blank' }]);
  });
});

describe("Tesseract's output", () => {
  it('keeps lines, one space between words, no blank lines', () => {
    expect(tidyText('  Patient:   Jane Roe \n\n\nDOB  01/02/1990\n\f')).toBe('Patient: Jane Roe\nDOB 01/02/1990');
  });

  it("averages the words' confidences, not the lines' or the blocks'", () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t1728\t2200\t-1\t',
      '4\t1\t1\t1\t1\t0\t10\t10\t300\t20\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t10\t100\t20\t90.5\tPatient:',
      '5\t1\t1\t1\t1\t2\t120\t10\t100\t20\t80\tJane',
      '5\t1\t1\t1\t1\t3\t230\t10\t100\t20\t95\t ',
    ].join('\n');
    expect(meanWordConfidence(tsv)).toBe(85.3);
    expect(meanWordConfidence(tsv.split('\n').slice(0, 3).join('\n'))).toBeNull();
  });
});

describe('pages that may need sending again (decision 101)', () => {
  /** A page as Ghostscript draws it for Tesseract (8-bit PGM): white, with dark rows where asked. */
  const pgm = (width: number, height: number, darkRows: number[] = []) => {
    const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
    const pixels = new Uint8Array(width * height).fill(255);
    for (const row of darkRows) pixels.fill(0, row * width, (row + 1) * width);
    return new Uint8Array([...header, ...pixels]);
  };

  it("measures the dark share below the header line's band, and the page's length", () => {
    // 204 dpi: the band is the top 61 rows. A header line in it leaves the page blank; one row below it does not.
    expect(pageLook(pgm(100, 2244, [10, 11, 12]), 204)).toEqual({ heightInches: 11, ink: 0 });
    const lined = pageLook(pgm(100, 2244, [1000, 1001]), 204);
    expect(lined.ink).toBeCloseTo(2 / (2244 - 61), 6);
    expect(() => pageLook(new TextEncoder().encode('P2 1 1 255 0'), 204)).toThrow(/PGM/);
  });

  it('calls a page cut off when shorter than any paper, blank when nearly no dot is dark, unreadable when Tesseract guessed', () => {
    expect(pageProblemOf({ heightInches: 4, ink: 0.05 }, 90)).toBe('cut_off');
    expect(pageProblemOf({ heightInches: 11, ink: 0.0001 }, null)).toBe('blank');
    expect(pageProblemOf({ heightInches: 11, ink: 0.04 }, 30)).toBe('unreadable');
    expect(pageProblemOf({ heightInches: 11, ink: 0.04 }, 88)).toBeNull();
    // A page of pictures or a signature has no words: nothing to say of it.
    expect(pageProblemOf({ heightInches: 11, ink: 0.02 }, null)).toBeNull();
  });
});
