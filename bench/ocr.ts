// How well and how fast Faxline reads the words of faxes (issue 37): the generated corpus (test-support/
// fax-text-corpus.ts: referrals, laboratory results and invoices in English, Spanish and French, and a blank page)
// rendered as the fax image a line delivers at standard, fine and superfine, read by readFaxText in several ways: the
// page drawn at the fax's own 204 dots per inch, at 300 and at 400, each with Tesseract finding the layout itself
// (--psm 3) or taking the page as one block (--psm 6). For each way: the characters read right (1 - edit distance /
// length, white space counted as one space, over every page with words), whether the blank page came out blank, and
// wall and CPU time a page. The anchor is the protocol's own line time for the same pages (T.30 with ECM at V.17,
// lines/t30/line-time.ts): reading keeps up with reception while a page is read faster than a line delivers one.
// Last, the class of each page as the settings in force read it (decision 102), before and after ten corrections.
// Run: npx tsx bench/ocr.ts
//
// CPU time counts Ghostscript and Tesseract (this process's children, once ended) from /proc/self/stat.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { TDocumentClass, TFaxQuality } from '@faxline/shared';
import { distance } from 'fastest-levenshtein';
import { readTiffPages } from '../apps/server/src/documents/fax-image/fax-tiff';
import { classify, wordWeightsOf, type ClassExample } from '../apps/server/src/fax-text/classify';
import { readFaxText, READING_SETTINGS, type ReadingSettings } from '../apps/server/src/fax-text/read-fax-text';
import { ecmV17PageMs } from '../apps/server/src/lines/t30/line-time';
import { corpusFax, expectedText, FAX_TEXT_CORPUS, type CorpusDocument } from '../test-support/fax-text-corpus';
import { duration, machineLine, printTable, type Row } from './support/report';

const QUALITIES: TFaxQuality[] = ['standard', 'fine', 'superfine'];
const WAYS: ReadingSettings[] = [204, 300, 400].flatMap((dpi) => [3, 6].map((pageSegmentation) => ({ dpi, pageSegmentation })));
/** Issue 37's floor for the characters read right, by resolution. */
const GOAL: Record<TFaxQuality, number> = { standard: 0.9, fine: 0.97, superfine: 0.97 };

const CLOCK_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
/** CPU milliseconds used by this process's children that have ended. */
function childrenCpuMs(): number {
  // Fields after the command name: state is field 3, cutime and cstime are fields 16 and 17.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const oneSpace = (text: string) => text.replace(/\s+/g, ' ').trim();
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const same = (a: ReadingSettings, b: ReadingSettings) => a.dpi === b.dpi && a.pageSegmentation === b.pageSegmentation;

/** The pages as the settings in force read them, for the classes (decision 102). */
const readInForce: Array<{ quality: TFaxQuality; documentClass: TDocumentClass; text: string }> = [];
const classOf = (document: CorpusDocument): TDocumentClass => (document.class === 'blank' ? 'other' : document.class);

process.stdout.write(`${machineLine()}\n`);
for (const quality of QUALITIES) {
  const faxes = await Promise.all(FAX_TEXT_CORPUS.map(async (document) => ({ document, ...(await corpusFax(document, quality)) })));
  const lineMs = faxes.flatMap(({ image }) =>
    readTiffPages(image.tiff).map((page) => ecmV17PageMs(page.strips.reduce((sum, strip) => sum + strip.length, 0))),
  );
  const rows: Row[] = [];
  for (const way of WAYS) {
    const inForce = same(way, READING_SETTINGS[quality]);
    let wrong = 0;
    let length = 0;
    let blankRead = '';
    const wallMs: number[] = [];
    const cpuMs: number[] = [];
    for (const { document, pdf } of faxes) {
      const cpuBefore = childrenCpuMs();
      const started = performance.now();
      const [page] = await readFaxText(pdf, quality, way);
      wallMs.push(performance.now() - started);
      cpuMs.push(childrenCpuMs() - cpuBefore);
      if (inForce) readInForce.push({ quality, documentClass: classOf(document), text: page?.text ?? '' });
      const read = oneSpace(page?.text ?? '');
      if (document.class === 'blank') {
        blankRead = read;
        continue;
      }
      const expected = oneSpace(expectedText(document));
      wrong += distance(expected, read);
      length += expected.length;
    }
    const right = 1 - wrong / length;
    rows.push({
      measure: `${way.dpi} dpi, --psm ${way.pageSegmentation}${inForce ? ' (in force)' : ''}: characters right`,
      result: percent(right),
      goal: `>= ${percent(GOAL[quality])}`,
      met: right >= GOAL[quality],
      note:
        `a page read in ${duration(median(wallMs))} (median; ${duration(median(cpuMs))} of CPU), ` +
        `${(1000 / median(wallMs)).toFixed(2)} pages a second beside ${(1000 / median(lineMs)).toFixed(2)} a line delivers; ` +
        `blank page ${blankRead === '' ? 'read as blank' : `read as "${blankRead.slice(0, 40)}"`}`,
    });
  }
  printTable(
    `Reading ${faxes.length} ${quality} pages (${faxes.length - 1} with words, ${faxes.reduce((n, f) => n + f.document.lines.join(' ').length, 0)} characters); ` +
      `line time a page at V.17 with ECM: ${duration(median(lineMs))} (median)`,
    rows,
  );
}

// The class of each page as read (decision 102): by the phrases alone, and after ten corrections (the ten standard
// pages, as a member would have classified them) for the fine and superfine pages.
const corrections: ClassExample[] = readInForce
  .filter((read) => read.quality === 'standard')
  .map((read) => ({ documentClass: read.documentClass, words: wordWeightsOf(read.text) }));
const classesRight = (reads: typeof readInForce, examples: ClassExample[]) =>
  reads.filter((read) => classify(read.text, examples).documentClass === read.documentClass).length / reads.length;
const later = readInForce.filter((read) => read.quality !== 'standard');
printTable('Classes of the pages as read (settings in force)', [
  ...QUALITIES.map((quality) => {
    const reads = readInForce.filter((read) => read.quality === quality);
    const right = classesRight(reads, []);
    return { measure: `${quality}: class right, phrases only`, result: percent(right), goal: '>= 90.0%', met: right >= 0.9 };
  }),
  (() => {
    const right = classesRight(later, corrections);
    return {
      measure: `fine and superfine: class right after ${corrections.length} corrections`,
      result: percent(right),
      goal: '>= 90.0%',
      met: right >= 0.9,
    };
  })(),
]);
