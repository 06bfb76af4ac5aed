// Pages per second for a 20-page PDF through the whole document pipeline (check, cover page, merge, fax image,
// thumbnail) beside Ghostscript alone rendering the same file to the same fax image, in one run, on one machine.
// Run: npx tsx bench/render.ts [rounds]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { prepareFaxDocument } from '../apps/server/src/documents/prepare-fax-document';
import { faxImageArguments, ghostscript } from '../apps/server/src/documents/render-fax-image';

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

/** The same Ghostscript call the pipeline makes for the fax image, and nothing else. */
const ghostscriptAlone = (file: string, out: string) => ghostscript(faxImageArguments('fine', file, out));

const pdf = await twentyPagePdf();
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-bench-'));
const file = path.join(dir, 'in.pdf');
await fs.writeFile(file, pdf);

const timings = { pipeline: [] as number[], ghostscript: [] as number[] };
for (let round = 0; round < rounds; round += 1) {
  // Alternate the order so that neither side always runs on a warmer machine.
  const order = round % 2 === 0 ? (['ghostscript', 'pipeline'] as const) : (['pipeline', 'ghostscript'] as const);
  for (const which of order) {
    const started = performance.now();
    if (which === 'ghostscript') await ghostscriptAlone(file, path.join(dir, 'out.tif'));
    else
      await prepareFaxDocument({
        files: [{ bytes: pdf, type: 'pdf' }],
        cover: {
          language: 'en',
          senderName: 'Bench Clinic',
          senderNumber: '+12025550100',
          recipientName: 'Lab',
          recipientNumber: '+12025550143',
          date: new Date(),
          subject: 'Bench',
          message: 'Twenty pages.',
        },
        quality: 'fine',
      });
    timings[which].push(performance.now() - started);
  }
}
await fs.rm(dir, { recursive: true, force: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const gs = median(timings.ghostscript);
const full = median(timings.pipeline);
console.log(`render bench: ${PAGES}-page PDF at fine (204x196 dpi), median of ${rounds} rounds`);
console.log(`  ghostscript alone : ${(gs / 1000).toFixed(2)} s  ${((PAGES * 1000) / gs).toFixed(1)} pages/s`);
console.log(
  `  whole pipeline    : ${(full / 1000).toFixed(2)} s  ${(((PAGES + 1) * 1000) / full).toFixed(1)} pages/s (${PAGES} pages + cover)`,
);
console.log(`  pipeline / ghostscript time ratio: ${(full / gs).toFixed(2)}`);
