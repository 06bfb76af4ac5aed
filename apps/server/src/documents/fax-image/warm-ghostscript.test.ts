import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { livingMembersOf } from '../../../test/support/process-groups';
import { ConverterError, DEFAULT_CONVERTER_LIMITS } from '../convert/converter-box';
import { decodeG4Rows, readTiffPages } from './fax-tiff';
import { faxDeviceArguments, faxImageArguments, ghostscript, pageRanges, renderFaxImage } from './render-fax-image';
import { closeWarmGhostscripts, renderWithWarmGhostscript } from './warm-ghostscript';

afterAll(() => closeWarmGhostscripts());

const limits = { ...DEFAULT_CONVERTER_LIMITS, timeoutSeconds: 20 };
const args = faxDeviceArguments('fine');

async function letter(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Page ${i} of the letter`, { x: 60, y: 760, size: 28, font });
    for (let line = 0; line < 20; line += 1) page.drawText(`Line ${line + 1} of page ${i}.`, { x: 60, y: 700 - line * 20, size: 11, font });
  }
  return pdf.save();
}

/** Each page of a fax image as a digest of its decoded pixels (the changes of colour along every row). */
function pagePixels(tiff: Uint8Array): string[] {
  return readTiffPages(tiff).map((page) => {
    const hash = createHash('sha256').update(`${page.width}x${page.height}`);
    decodeG4Rows(tiff, page, (row, changes, count) => {
      hash.update(`${row}:${changes.subarray(0, count).join(',')};`);
    });
    return hash.digest('hex');
  });
}

/** The fax image as one Ghostscript run per document renders it: the reference the warm renderers must match. */
async function renderedOnce(pdf: Uint8Array): Promise<Uint8Array> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-once-'));
  try {
    await fs.writeFile(path.join(dir, 'in.pdf'), pdf);
    await ghostscript([`--permit-file-read=${dir}/`, ...faxImageArguments('fine', path.join(dir, 'in.pdf'), path.join(dir, 'out.tif'))], {
      workDir: dir,
    });
    return new Uint8Array(await fs.readFile(path.join(dir, 'out.tif')));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The Ghostscript processes this test process started and that still run. */
async function livingRenderers(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (name === 'gs' && Number(ppid) === process.pid && state !== 'Z') pids.push(Number(entry));
  }
  return pids.sort();
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('warm Ghostscript', () => {
  it('renders the same pixels as one Ghostscript run per document, whole or split among renderers, and stays up', async () => {
    const pdf = await letter(7);
    const reference = pagePixels(await renderedOnce(pdf));
    expect(reference).toHaveLength(7);

    const warm = await renderWithWarmGhostscript(args, limits, pdf);
    expect(pagePixels(warm!)).toEqual(reference);
    const running = await livingRenderers();
    expect(running.length).toBeGreaterThan(0);
    // A second document goes to a renderer already running: no new process.
    expect(pagePixels((await renderWithWarmGhostscript(args, limits, pdf))!)).toEqual(reference);
    expect(await livingRenderers()).toEqual(running);

    // Split in parts by page ranges, then joined page by page: the same pages, in order, with every page numbered.
    expect(pageRanges(7, 2)).toEqual([
      { first: 1, last: 3 },
      { first: 4, last: 7 },
    ]);
    const split = await renderFaxImage(pdf, 'fine', limits, 7);
    expect(split.pages).toBe(7);
    expect(pagePixels(split.tiff)).toEqual(reference);
    const part = await renderWithWarmGhostscript(args, limits, pdf, { first: 4, last: 7 });
    expect(pagePixels(part!)).toEqual(reference.slice(3));
  }, 30_000);

  it('replaces a renderer after a failed document, and the next document renders', async () => {
    const before = await livingRenderers();
    const error = await failureOf(renderWithWarmGhostscript(args, limits, new TextEncoder().encode('%!PS\n/nonesuch-operator cvx exec\n')));
    expect(error).toBeInstanceOf(ConverterError);
    expect((error as ConverterError).limit).toBeUndefined();
    const pdf = await letter(1);
    expect(pagePixels((await renderWithWarmGhostscript(args, limits, pdf))!)).toEqual(pagePixels(await renderedOnce(pdf)));
    const after = await livingRenderers();
    expect(after.filter((pid) => !before.includes(pid)).length + before.filter((pid) => !after.includes(pid)).length).toBeGreaterThan(0);
  }, 30_000);

  it('stops a document over its time or CPU limit, its whole process group with it', async () => {
    const before = await livingRenderers();
    const endless = new TextEncoder().encode('%!PS\n{ 1 pop } loop\n');
    const overTime = await failureOf(renderWithWarmGhostscript(args, { ...limits, timeoutSeconds: 1 }, endless));
    expect(overTime).toBeInstanceOf(ConverterError);
    expect((overTime as ConverterError).limit).toBe('time');
    const overCpu = await failureOf(renderWithWarmGhostscript(args, { ...limits, cpuSeconds: 1 }, endless));
    expect((overCpu as ConverterError).limit).toBe('cpu');
    // The renderers started for those limits are gone with their process groups (a killed process takes a moment).
    let started: number[] = [];
    for (let tries = 0; tries < 20; tries += 1) {
      started = (await livingRenderers()).filter((pid) => !before.includes(pid));
      if (started.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(started).toEqual([]);
    for (const pid of before) expect(await livingMembersOf(pid)).toBe(1);
  }, 30_000);
});
