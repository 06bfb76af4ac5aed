// The document pipeline of one fax (check and open the file, cover page, document of record, fax image, page count,
// thumbnail, encrypted storage of the three results) beside Ghostscript alone rendering the same document of record
// to the same fax image, in one run, on one machine; then the renderers side by side, on that document and on a
// one-page fax, each beside the same anchor; then whether the fax images are pixel-identical to the anchor's.
// Run: npx tsx bench/render.ts [rounds]
//
// Fair by construction: every side renders the same pages (the pipeline's document of record: cover + 20 pages) with
// the same Ghostscript arguments, so their times compare directly; one warm-up round of each is not counted (a worker
// process is long-lived: the first call pays module loading, JIT compilation and, for the warm renderers, their
// start); in each round the order of the sides turns, so that none always runs on a warmer machine.
// The anchor is Ghostscript alone as a person would run it: one `gs` per document, outside the converters' box.
// CPU time counts this process and every process it started, ended or still running (the warm renderers), from /proc.
// Then, where the pipeline's time goes: the same steps one after the other (no overlap), CPU time of each.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { appendAsPages } from '../apps/server/src/documents/convert/convert-to-pdf';
import { DEFAULT_CONVERTER_LIMITS } from '../apps/server/src/documents/convert/converter-box';
import { insertCoverPages } from '../apps/server/src/documents/cover-page/cover-page';
import { createEncryptedFileStore } from '../apps/server/src/platform/files/encrypted-file-store';
import { prepareAndKeepFaxDocument, prepareFaxDocument } from '../apps/server/src/documents/record/prepare-fax-document';
import {
  faxDeviceArguments,
  faxImageArguments,
  ghostscript,
  renderFaxImage,
  renderThumbnail,
} from '../apps/server/src/documents/fax-image/render-fax-image';
import { closeWarmGhostscripts, renderWithWarmGhostscript } from '../apps/server/src/documents/fax-image/warm-ghostscript';
import { closeDocumentThreads } from '../apps/server/src/documents/threads/document-threads';
import { compareFaxImages, transmitOverAudio, transmitOverT38 } from '../apps/server/src/lines/t30/fax-modem';
import { treeCpuSeconds } from './support/cpu';

const PAGES = 20;
const rounds = Number(process.argv[2] ?? 5);
const FAXMODEM = path.resolve(import.meta.dirname, '../native/faxmodem/build/faxmodem');

async function letterPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Referral letter, page ${i}`, { x: 60, y: 770, size: 20, font });
    for (let line = 0; line < 45; line += 1)
      page.drawText(`${line + 1}. Lorem-free filler: fax line test text with numbers ${i * 1000 + line}.`, {
        x: 60,
        y: 730 - line * 15,
        size: 11,
        font,
      });
  }
  return pdf.save();
}

const cpuSeconds = () => treeCpuSeconds();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Figures = { wall: number[]; cpu: number[] };
/** Runs every side once a round (after one warm-up round), in an order that turns each round; wall and CPU seconds. */
async function sideBySide(sides: Record<string, () => Promise<unknown>>): Promise<Record<string, { wall: number; cpu: number }>> {
  const names = Object.keys(sides);
  const figures: Record<string, Figures> = Object.fromEntries(names.map((name) => [name, { wall: [], cpu: [] }]));
  for (const name of names) await sides[name]!();
  for (let round = 0; round < rounds; round += 1) {
    const order = names.map((_, k) => names[(k + round) % names.length]!);
    for (const name of order) {
      const cpu = cpuSeconds();
      const started = performance.now();
      await sides[name]!();
      figures[name]!.wall.push((performance.now() - started) / 1000);
      figures[name]!.cpu.push(cpuSeconds() - cpu);
    }
  }
  return Object.fromEntries(names.map((name) => [name, { wall: median(figures[name]!.wall), cpu: median(figures[name]!.cpu) }]));
}

const cover = {
  language: 'en',
  senderName: 'Bench Clinic',
  senderNumber: '+12025550100',
  recipientName: 'Lab',
  recipientNumber: '+12025550143',
  date: new Date('2026-11-22T10:00:00Z'),
  subject: 'Bench',
  message: 'Twenty pages.',
} as const;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-bench-'));
const store = createEncryptedFileStore({ dir: path.join(dir, 'files'), masterKey: randomBytes(32) });
const limits = DEFAULT_CONVERTER_LIMITS;
const args = faxDeviceArguments('fine');

const pdf = await letterPdf(PAGES);
/** What the prepare job does with one fax's documents, storage included. */
const pipeline = () => prepareAndKeepFaxDocument({ files: [{ bytes: pdf, type: 'pdf' }], cover, quality: 'fine' }, store);

// The documents of record the pipeline makes are the anchor's input: the very pages the pipeline renders.
const made = await prepareFaxDocument({ files: [{ bytes: pdf, type: 'pdf' }], cover, quality: 'fine' });
const onePage = await prepareFaxDocument({ files: [{ bytes: await letterPdf(1), type: 'pdf' }], cover: null, quality: 'fine' });
const records = { long: path.join(dir, 'record.pdf'), one: path.join(dir, 'one-page.pdf') };
await fs.writeFile(records.long, made.pdf);
await fs.writeFile(records.one, onePage.pdf);

/** The same Ghostscript call the pipeline's renderer makes, and nothing else: raw, outside the converters' box. */
const ghostscriptAlone = (input: string, output = path.join(dir, 'out.tif')) =>
  promisify(execFile)('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', ...faxImageArguments('fine', input, output)]);
/** How the fax image was rendered before the warm renderers: one Ghostscript per document, in the converters' box. */
const boxedPerDocument = async (input: string) => {
  const work = await fs.mkdtemp(path.join(dir, 'boxed-'));
  await fs.copyFile(input, path.join(work, 'in.pdf'));
  await ghostscript([`--permit-file-read=${work}/`, ...faxImageArguments('fine', path.join(work, 'in.pdf'), path.join(work, 'out.tif'))], {
    workDir: work,
    limits,
  });
  await fs.rm(work, { recursive: true, force: true });
};

const whole = await sideBySide({ ghostscript: () => ghostscriptAlone(records.long), pipeline });
const renderers = await sideBySide({
  anchor: () => ghostscriptAlone(records.long),
  boxed: () => boxedPerDocument(records.long),
  warm: () => renderWithWarmGhostscript(args, limits, made.pdf),
  split: () => renderFaxImage(made.pdf, 'fine', limits, made.pages),
});
const single = await sideBySide({
  anchor: () => ghostscriptAlone(records.one),
  boxed: () => boxedPerDocument(records.one),
  warm: () => renderWithWarmGhostscript(args, limits, onePage.pdf),
});

// Pixel for pixel: the pipeline's fax image (split among renderers) and a warm renderer's, against Ghostscript alone's.
const anchorImage = path.join(dir, 'anchor.tif');
await ghostscriptAlone(records.long, anchorImage);
const identical: string[] = [];
for (const [name, image] of [
  ['the pipeline (split among idle renderers)', (await renderFaxImage(made.pdf, 'fine', limits, made.pages)).tiff],
  ['one warm renderer', (await renderWithWarmGhostscript(args, limits, made.pdf))!],
] as const) {
  const file = path.join(dir, 'compared.tif');
  await fs.writeFile(file, image);
  const comparison = await compareFaxImages(FAXMODEM, anchorImage, file);
  const same = comparison.pages.filter((page) => page.identical).length;
  identical.push(`${name}: ${comparison.identical ? 'pixel-identical' : 'DIFFERENT'}, ${same} of ${comparison.pages.length} pages`);
}

// The steps of the pipeline one by one, to see where its time goes.
const steps: Record<string, number[]> = {};
const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const cpu = cpuSeconds();
  const result = await run();
  (steps[name] ??= []).push(cpuSeconds() - cpu);
  return result;
};
for (let round = 0; round < rounds; round += 1) {
  const record = await PDFDocument.create();
  await step('open and copy the 20 pages', () => appendAsPages(record, pdf, 'pdf'));
  await step('lay out the cover', () => insertCoverPages(record, { ...cover, documentPages: PAGES }));
  const bytes = await step('save the record (fonts)', () => record.save());
  const image = await step('render the fax image (warm)', () => renderFaxImage(bytes, 'fine', limits, made.pages));
  const thumbnail = await step('thumbnail from the image', () => renderThumbnail(image));
  await step('encrypt and store the three', () => Promise.all([store.put(bytes), store.put(image.tiff), store.put(thumbnail)]));
}
// A one-page fax's CPU, step by step: each step repeated, so that the clock's 10 ms ticks average out. The T.30 call is
// the sandbox's: both engines, over audio as the sandbox calls, and over T.38 beside it.
const onePageLetter = await letterPdf(1);
const faxSteps: Record<string, number> = {};
const ONE_PAGE_REPEATS = rounds * 10;
const stepOfOne = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const cpu = cpuSeconds();
  const result = await run();
  faxSteps[name] = (faxSteps[name] ?? 0) + (cpuSeconds() - cpu) / ONE_PAGE_REPEATS;
  return result;
};
const sentImage = path.join(dir, 'one-page.tif');
for (let repeat = 0; repeat < ONE_PAGE_REPEATS; repeat += 1) {
  const record = await PDFDocument.create();
  const bytes = await stepOfOne('open and copy the page, save the record', async () => {
    await appendAsPages(record, onePageLetter, 'pdf');
    return record.save();
  });
  await stepOfOne('Ghostscript start-up (one per fax, boxed)', () => boxedPerDocument(records.one));
  const image = await stepOfOne('render the fax image (warm)', () => renderFaxImage(bytes, 'fine', limits, 1));
  const thumbnail = await stepOfOne('thumbnail from the image', () => renderThumbnail(image));
  await stepOfOne('encrypt and store the three', () => Promise.all([store.put(bytes), store.put(image.tiff), store.put(thumbnail)]));
  await fs.writeFile(sentImage, image.tiff);
  const call = { binary: FAXMODEM, tiffPath: sentImage, outPath: path.join(dir, 'received.tif') };
  await stepOfOne('T.30 call over audio (both engines)', () => transmitOverAudio(call));
  await stepOfOne('T.30 call over T.38 (both engines)', () => transmitOverT38(call));
  await stepOfOne('compare the received pixels', () => compareFaxImages(FAXMODEM, sentImage, call.outPath));
}
// The boxed run renders the page too: what is left of it beyond the warm rendering is the start-up.
faxSteps['Ghostscript start-up (one per fax, boxed)']! -= faxSteps['render the fax image (warm)']!;

closeWarmGhostscripts();
await closeDocumentThreads();
await fs.rm(dir, { recursive: true, force: true });

const pages = made.pages;
const line = (label: string, figure: { wall: number; cpu: number }, count = pages, anchor?: { wall: number; cpu: number }) =>
  console.log(
    `  ${label.padEnd(44)} ${figure.wall.toFixed(3)} s  ${(count / figure.wall).toFixed(1).padStart(6)} pages/s   cpu ${figure.cpu.toFixed(3)} s` +
      (anchor
        ? `   ${(anchor.wall / figure.wall).toFixed(2)}x the anchor's pages/s, ${(anchor.cpu / figure.cpu).toFixed(2)}x its pages per CPU s`
        : ''),
  );
console.log(`render bench: ${PAGES}-page PDF + cover (${pages} pages) at fine (204x196 dpi), median of ${rounds} rounds after a warm-up`);
line('ghostscript alone (anchor)', whole.ghostscript!);
line('whole pipeline', whole.pipeline!);
const speed = whole.ghostscript!.wall / whole.pipeline!.wall;
const work = whole.ghostscript!.cpu / whole.pipeline!.cpu;
console.log(`  pipeline / ghostscript: ${speed.toFixed(2)}x pages/s (goal >= 1.0x), ${work.toFixed(2)}x pages per CPU second`);
console.log(`  the renderers side by side, ${pages} pages:`);
line('ghostscript alone (anchor)', renderers.anchor!);
line('one Ghostscript per document, boxed (before)', renderers.boxed!, pages, renderers.anchor);
line('warm Ghostscript, one renderer', renderers.warm!, pages, renderers.anchor);
line('warm Ghostscript, split among idle renderers', renderers.split!, pages, renderers.anchor);
console.log('  a one-page fax:');
line('ghostscript alone (anchor)', single.anchor!, 1);
line('one Ghostscript per fax, boxed (before)', single.boxed!, 1, single.anchor);
line('warm Ghostscript', single.warm!, 1, single.anchor);
console.log("  the fax image against Ghostscript alone's (faxmodem compare):");
for (const text of identical) console.log(`    ${text}`);
console.log("  where the pipeline's CPU time goes (the steps one after the other, medians):");
for (const [name, values] of Object.entries(steps))
  console.log(`    ${name.padEnd(30)} ${(median(values) * 1000).toFixed(0).padStart(4)} ms`);
console.log(`  a one-page fax's CPU, step by step (means of ${ONE_PAGE_REPEATS}; the queue and the database: bench/load.ts):`);
for (const [name, seconds] of Object.entries(faxSteps)) console.log(`    ${name.padEnd(44)} ${(seconds * 1000).toFixed(1).padStart(6)} ms`);
