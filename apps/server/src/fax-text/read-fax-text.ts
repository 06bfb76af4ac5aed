import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TFaxQuality, TPageProblem } from '@faxline/shared';
import { DEFAULT_CONVERTER_LIMITS, runConverter } from '../documents/convert/converter-box';
import { ghostscript } from '../documents/fax-image/render-fax-image';
import { pageLook, pageProblemOf } from './page-problems';

/** The words of one page of a fax as Tesseract read them. */
export type PageText = {
  /** From 1. */
  page: number;
  /** Lines as read, words separated by single spaces; empty for a page with nothing to read. */
  text: string;
  /** Tesseract's mean confidence in the page's words, 0 to 100; null when it found no word. */
  confidence: number | null;
  /** Why the page may need sending again (decision 101), or null. */
  problem: TPageProblem | null;
};

/** How a page is read: the resolution it is drawn at, and Tesseract's page segmentation mode (`--psm`). */
export type ReadingSettings = { dpi: number; pageSegmentation: number };

/**
 * How a fax page is read, measured by `bench/ocr.ts` on the generated corpus (decision 098): drawn at the fax's own 204
 * dots per inch across, square (a standard page's 98 rows an inch doubled, a superfine page's 392 halved), and read as one block of lines. Drawing it
 * larger (300, 400 dpi) reads no better: the 1-bit image holds no more detail. Letting Tesseract find the layout reads
 * a table column by column, 89 to 98% right where one block reads 99%, and parts a label from its value.
 */
export const READING_SETTINGS: Record<TFaxQuality, ReadingSettings> = {
  standard: { dpi: 204, pageSegmentation: 6 },
  fine: { dpi: 204, pageSegmentation: 6 },
  superfine: { dpi: 204, pageSegmentation: 6 },
};

/** The languages Faxline reads (Debian's tesseract-ocr-eng, -spa, -fra), tried together on every page. */
export const OCR_LANGUAGES = 'eng+spa+fra';

/**
 * Reads the words of a fax from its PDF of record (the fax image, decision 023): Ghostscript draws each page in grey at
 * the settings' resolution, Tesseract reads it (one thread: the jobs run side by side), both in the converters' box.
 * Answers one entry a page, in order.
 */
export async function readFaxText(pdf: Uint8Array, quality: TFaxQuality, settings = READING_SETTINGS[quality]): Promise<PageText[]> {
  const { dpi, pageSegmentation } = settings;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-ocr-'));
  try {
    await writeFile(path.join(dir, 'fax.pdf'), pdf);
    // Grey pixels as they are (PGM), which Tesseract reads and the page's look is measured on.
    await ghostscript(['-sDEVICE=pgmraw', `-r${dpi}`, '-sOutputFile=page-%04d.pgm', 'fax.pdf'], { workDir: dir });
    const images = (await readdir(dir)).filter((name) => /^page-\d{4}\.pgm$/.test(name)).sort();
    const pages: PageText[] = [];
    for (const [index, image] of images.entries()) {
      const read = await readPageImage(dir, image, pageSegmentation);
      const look = pageLook(await readFile(path.join(dir, image)), dpi);
      pages.push({ page: index + 1, ...read, problem: pageProblemOf(look, read.confidence) });
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One page image through Tesseract: its text, and its words with their confidences (the TSV) in the same run. */
async function readPageImage(dir: string, image: string, pageSegmentation: number): Promise<Pick<PageText, 'text' | 'confidence'>> {
  const base = image.replace(/\.pgm$/, '');
  await runConverter(
    'env',
    ['OMP_THREAD_LIMIT=1', 'tesseract', image, base, '-l', OCR_LANGUAGES, '--psm', String(pageSegmentation), 'txt', 'tsv'],
    { workDir: dir, limits: DEFAULT_CONVERTER_LIMITS },
  );
  const [text, tsv] = await Promise.all([readFile(path.join(dir, `${base}.txt`), 'utf8'), readFile(path.join(dir, `${base}.tsv`), 'utf8')]);
  return { text: tidyText(text), confidence: meanWordConfidence(tsv) };
}

/** Tesseract's text with each line's spaces single and the blank lines between its blocks dropped. */
export function tidyText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The mean confidence of the words in Tesseract's TSV (level 5 rows with text); null without any word. */
export function meanWordConfidence(tsv: string): number | null {
  const confidences: number[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    // level, page, block, paragraph, line, word, left, top, width, height, conf, text
    if (cells[0] !== '5' || (cells[11] ?? '').trim() === '') continue;
    const confidence = Number(cells[10]);
    if (Number.isFinite(confidence) && confidence >= 0) confidences.push(confidence);
  }
  if (confidences.length === 0) return null;
  return Math.round((confidences.reduce((sum, value) => sum + value, 0) / confidences.length) * 10) / 10;
}
