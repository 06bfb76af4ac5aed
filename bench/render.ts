// The document pipeline of one fax (check and open the file, cover page, document of record, fax image, page count,
// thumbnail, encrypted storage of the three results) beside Ghostscript alone rendering the same document of record
// to the same fax image, in one run, on one machine.
// Run: npx tsx bench/render.ts [rounds]
//
// Fair by construction: both sides render the same 21 pages (the pipeline's document of record: cover + 20 pages)
// with the same Ghostscript arguments, so their times compare directly; one warm-up round of each is not counted (a
// worker process is long-lived: the first call pays module loading and JIT compilation); the order alternates.
// CPU time counts this process and its finished child processes (Ghostscript), from /proc/self/stat.
// Then, where the pipeline's time goes: the same steps one after the other (no overlap), CPU time of each.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { appendAsPages } from '../apps/server/src/documents/convert/convert-to-pdf';
import { insertCoverPages } from '../apps/server/src/documents/cover-page/cover-page';
import { createEncryptedFileStore } from '../apps/server/src/platform/files/encrypted-file-store';
import { prepareAndKeepFaxDocument, prepareFaxDocument } from '../apps/server/src/documents/record/prepare-fax-document';
import { faxImageArguments, renderFaxImage, renderThumbnail } from '../apps/server/src/documents/fax-image/render-fax-image';

const PAGES = 20;
const rounds = Number(process.argv[2] ?? 3);

async function twentyPagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i += 1) {
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

const CLOCK_TICK_S = 1 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
/** CPU seconds used so far by this process and by its children that have ended. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  // Fields after the command name: state is field 3, cutime and cstime are fields 16 and 17.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_S;
  return (own.user + own.system) / 1e6 + children;
}

const pdf = await twentyPagePdf();
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

/** What the prepare job does with one fax's documents, storage included. */
const pipeline = () => prepareAndKeepFaxDocument({ files: [{ bytes: pdf, type: 'pdf' }], cover, quality: 'fine' }, store);

// A warm-up of the pipeline; the document of record it makes is the anchor's input: the very pages the pipeline renders.
await pipeline();
const warm = await prepareFaxDocument({ files: [{ bytes: pdf, type: 'pdf' }], cover, quality: 'fine' });
const record = path.join(dir, 'record.pdf');
await fs.writeFile(record, warm.pdf);
/** The same Ghostscript call the pipeline makes for the fax image, and nothing else: raw, outside the converters' box. */
const ghostscriptAlone = () =>
  promisify(execFile)('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', ...faxImageArguments('fine', record, path.join(dir, 'out.tif'))]);
await ghostscriptAlone();

const timings = { pipeline: { wall: [] as number[], cpu: [] as number[] }, ghostscript: { wall: [] as number[], cpu: [] as number[] } };
for (let round = 0; round < rounds; round += 1) {
  // Alternate the order so that neither side always runs on a warmer machine.
  const order = round % 2 === 0 ? (['ghostscript', 'pipeline'] as const) : (['pipeline', 'ghostscript'] as const);
  for (const which of order) {
    const cpu = cpuSeconds();
    const started = performance.now();
    if (which === 'ghostscript') await ghostscriptAlone();
    else await pipeline();
    timings[which].wall.push((performance.now() - started) / 1000);
    timings[which].cpu.push(cpuSeconds() - cpu);
  }
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
  const made = await PDFDocument.create();
  await step('open and copy the 20 pages', () => appendAsPages(made, pdf, 'pdf'));
  await step('lay out the cover', () => insertCoverPages(made, { ...cover, documentPages: PAGES }));
  const bytes = await step('save the record (fonts)', () => made.save());
  const image = await step('Ghostscript (both processes)', () => renderFaxImage(bytes, 'fine'));
  const thumbnail = await step('thumbnail from the image', () => renderThumbnail(image));
  await step('encrypt and store the three', () => Promise.all([store.put(bytes), store.put(image.tiff), store.put(thumbnail)]));
}
await fs.rm(dir, { recursive: true, force: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pages = warm.pages;
const line = (label: string, side: keyof typeof timings) => {
  const wall = median(timings[side].wall);
  const cpu = median(timings[side].cpu);
  console.log(`  ${label}: ${wall.toFixed(2)} s  ${(pages / wall).toFixed(1)} pages/s   cpu ${cpu.toFixed(2)} s`);
};
console.log(`render bench: ${PAGES}-page PDF + cover (${pages} pages) at fine (204x196 dpi), median of ${rounds} rounds after a warm-up`);
line('ghostscript alone', 'ghostscript');
line('whole pipeline   ', 'pipeline');
const speed = median(timings.ghostscript.wall) / median(timings.pipeline.wall);
const work = median(timings.ghostscript.cpu) / median(timings.pipeline.cpu);
console.log(`  pipeline / ghostscript: ${speed.toFixed(2)}x pages/s (goal >= 0.8x), ${work.toFixed(2)}x pages per CPU second`);
console.log("  where the pipeline's CPU time goes (the steps one after the other, medians):");
for (const [name, values] of Object.entries(steps))
  console.log(`    ${name.padEnd(30)} ${(median(values) * 1000).toFixed(0).padStart(4)} ms`);
