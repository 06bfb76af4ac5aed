import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { faxImagePdf } from './fax-image-pdf';
import { decodeG4Rows, readTiffPages, reverseBits } from './fax-tiff';
import { renderFaxImage, type FaxImage } from './render-fax-image';

/** Two pages with text, rules and a grey box (halftoned into a fine dot pattern: many short runs to code). */
async function sourcePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Referral, page ${i}`, { x: 60, y: 760, size: 28, font });
    for (let line = 0; line < 25; line += 1)
      page.drawText(`Line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 60, y: 700 - line * 20, size: 11, font });
    page.drawRectangle({ x: 60, y: 80, width: 470, height: 90, color: rgb(0.6, 0.6, 0.6), borderWidth: 2 });
  }
  return pdf.save();
}

/** The pixels of each TIFF page as PBM rows (1 = black, rows padded to whole bytes), from the project's G4 decoder. */
function tiffBitmaps(tiff: Uint8Array): Buffer[] {
  return readTiffPages(tiff).map((page) => {
    const stride = Math.ceil(page.width / 8);
    const bits = Buffer.alloc(stride * page.height);
    decodeG4Rows(tiff, page, (row, changes, count) => {
      const set = (from: number, to: number) => {
        for (let x = from; x < to; x += 1) bits[row * stride + (x >> 3)]! |= 0x80 >> (x & 7);
      };
      // The coding's black runs are 1 bits: black with min-is-white, white with min-is-black.
      const blackRuns: number[] =
        page.photometric === 1 ? [0, ...Array.from(changes.subarray(0, count))] : Array.from(changes.subarray(0, count));
      for (let k = 0; k < blackRuns.length; k += 2) set(blackRuns[k]!, k + 1 < blackRuns.length ? blackRuns[k + 1]! : page.width);
    });
    return bits;
  });
}

/** Renders a PDF with Ghostscript at the given resolution, one PBM per page; returns each page's size and pixels. */
async function renderPbm(pdf: Uint8Array, xDpi: number, yDpi: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-image-pdf-'));
  try {
    await fs.writeFile(path.join(dir, 'in.pdf'), pdf);
    const args = ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pbmraw', `-r${xDpi}x${yDpi}`, '-sOutputFile=page-%03d.pbm', 'in.pdf'];
    await promisify(execFile)('gs', args, { cwd: dir });
    const names = (await fs.readdir(dir)).filter((name) => name.startsWith('page-')).sort();
    return Promise.all(
      names.map(async (name) => {
        const file = await fs.readFile(path.join(dir, name));
        // P4 header: "P4", comment lines, width, height, one white-space character; then the rows.
        const header = /^P4\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s/.exec(file.toString('latin1', 0, 200))!;
        return { width: Number(header[1]), height: Number(header[2]), bits: file.subarray(header[0].length) };
      }),
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A copy of the TIFF with a SHORT tag's value changed in every page, as another TIFF writer could have set it. */
function withTag(tiff: Uint8Array, tag: number, value: number): Uint8Array {
  const copy = tiff.slice();
  const view = new DataView(copy.buffer);
  for (let ifd = view.getUint32(4, true); ifd !== 0;) {
    const count = view.getUint16(ifd, true);
    for (let i = 0; i < count; i += 1)
      if (view.getUint16(ifd + 2 + i * 12, true) === tag) view.setUint16(ifd + 2 + i * 12 + 8, value, true);
    ifd = view.getUint32(ifd + 2 + count * 12, true);
  }
  return copy;
}

async function expectSamePixels(image: Pick<FaxImage, 'tiff' | 'xDpi' | 'yDpi'>) {
  const pdf = await faxImagePdf(image);
  const expected = tiffBitmaps(image.tiff);
  const rendered = await renderPbm(pdf, image.xDpi, image.yDpi);
  expect(rendered).toHaveLength(expected.length);
  const [first] = readTiffPages(image.tiff, 1);
  rendered.forEach((page, i) => {
    expect([page.width, page.height]).toEqual([first!.width, first!.height]);
    expect(page.bits.equals(expected[i]!), `page ${i + 1} differs`).toBe(true);
  });
  return pdf;
}

describe('the fax image as a PDF', () => {
  it.each(['standard', 'fine'] as const)(
    'holds each page as its G4 data, sized from pixels and resolution, rendering the very pixels sent (%s)',
    async (quality) => {
      const image = await renderFaxImage(await sourcePdf(), quality);
      const pdf = await expectSamePixels(image);

      const parsed = await PDFDocument.load(pdf);
      expect(parsed.getPageCount()).toBe(image.pages);
      for (const page of parsed.getPages()) {
        expect(page.getWidth()).toBeCloseTo((image.widthPx * 72) / image.xDpi, 3);
        expect(page.getHeight()).toBeCloseTo((image.heightPx * 72) / image.yDpi, 3);
        expect(page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict).keys()).toHaveLength(1);
      }
      const streams = parsed.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFRawStream);
      const imageStreams = streams.filter(([, s]) => (s as PDFRawStream).dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
      expect(imageStreams).toHaveLength(image.pages);
      for (const [, stream] of imageStreams)
        expect((stream as PDFRawStream).dict.get(PDFName.of('Filter'))).toBe(PDFName.of('CCITTFaxDecode'));
    },
  );

  it('reads TIFFs written least significant bit first, and min-is-black', async () => {
    const image = await renderFaxImage(await sourcePdf(), 'standard');
    const [page] = readTiffPages(image.tiff, 1);
    const lsbFirst = withTag(image.tiff, 266, 2);
    for (const { offset, length } of readTiffPages(image.tiff).flatMap((p) => p.strips))
      for (let i = offset; i < offset + length; i += 1) lsbFirst[i] = reverseBits(image.tiff[i]!);
    await expectSamePixels({ ...image, tiff: lsbFirst });

    // The same codes read as min-is-black are the negative: black where the page was white.
    const negative = withTag(image.tiff, 262, 1);
    await expectSamePixels({ ...image, tiff: negative });
    expect(tiffBitmaps(negative)[0]!.equals(tiffBitmaps(image.tiff)[0]!)).toBe(false);
    expect(page!.photometric).toBe(0);
  });

  it('refuses a page in several strips (G4 strips cannot be joined)', async () => {
    const image = await renderFaxImage(await sourcePdf(), 'standard');
    await expect(faxImagePdf({ ...image, tiff: withTag(image.tiff, 278, 100) })).rejects.toThrow(/strips/);
  });
});
