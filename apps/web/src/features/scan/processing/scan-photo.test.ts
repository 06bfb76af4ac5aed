import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePagePhoto, type TGeneratedPhoto } from '@test-support/scan-photos';

import { homographyBetween, mapPoint, rectangleCorners } from './homography';
import { SCAN_PAGE, scanPhoto, type TScannedPage } from './fax-page';
import type { TBitImage } from './images';
import { makeScanPdf, packBits } from './scan-pdf';

const run = promisify(execFile);

/** A 1-bit image as PBM (P4: a set bit is black), which Tesseract and Ghostscript both read and write. */
const pbm = (image: TBitImage) => Buffer.concat([Buffer.from(`P4\n${image.width} ${image.height}\n`), packBits(image)]);

let dir: string;
let shot: TGeneratedPhoto;
let scanned: TScannedPage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-scan-test-'));
  shot = await generatePagePhoto();
  scanned = scanPhoto(shot.photo);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a photo of a page at an angle on a dark desk', () => {
  it('finds the page corners within 2% of the photo size', () => {
    expect(scanned.found).toBe(true);
    scanned.corners.forEach((corner, i) => {
      expect(Math.abs(corner.x - shot.corners[i]!.x), `corner ${i} across`).toBeLessThanOrEqual(0.02 * shot.photo.width);
      expect(Math.abs(corner.y - shot.corners[i]!.y), `corner ${i} down`).toBeLessThanOrEqual(0.02 * shot.photo.height);
    });
  });

  it('makes a fax image at fine that Tesseract reads the known text on', async () => {
    expect(scanned.image).toMatchObject({ width: 1728, height: 2291 });
    await writeFile(path.join(dir, 'page.pbm'), pbm(scanned.image));
    // One thread, as the server runs it: the test files run side by side.
    const { stdout } = await run('env', ['OMP_THREAD_LIMIT=1', 'tesseract', path.join(dir, 'page.pbm'), '-', '--psm', '6'], {
      encoding: 'utf8',
    });
    const read = stdout.replace(/\s+/g, ' ');
    for (const line of shot.lines) expect(read).toContain(line);
  });

  it('is one PDF page that Ghostscript renders at fine dot for dot as the preview', async () => {
    const bytes = await makeScanPdf([scanned.image, scanned.image]);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    await writeFile(path.join(dir, 'scan.pdf'), bytes);
    // The fax renderer's device and page (render-fax-image.ts): fine, 1728 dots across, the page fitted.
    const size = `-g${SCAN_PAGE.width}x${SCAN_PAGE.height}`;
    await run(
      'gs',
      [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-dSAFER',
        '-sDEVICE=pbmraw',
        '-r204x196',
        size,
        '-dFIXEDMEDIA',
        '-dPDFFitPage',
        '-dLastPage=1',
        '-sOutputFile=page.pbm',
        'scan.pdf',
      ],
      {
        cwd: dir,
      },
    );
    const rendered = await readFile(path.join(dir, 'page.pbm'));
    // Ghostscript's header carries a comment; the dots follow it.
    const header = /^P4\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s/.exec(rendered.subarray(0, 100).toString('latin1'))!;
    expect([Number(header[1]), Number(header[2])]).toEqual([SCAN_PAGE.width, SCAN_PAGE.height]);
    expect(Buffer.compare(rendered.subarray(header[0].length), Buffer.from(packBits(scanned.image)))).toBe(0);
  });
});

describe('the pieces', () => {
  it('maps each corner of a quadrilateral where it was asked to', () => {
    const to = shot.corners;
    const h = homographyBetween(rectangleCorners(100, 200), to);
    rectangleCorners(100, 200).forEach((corner, i) => {
      const mapped = mapPoint(h, corner);
      expect(mapped.x).toBeCloseTo(to[i]!.x, 6);
      expect(mapped.y).toBeCloseTo(to[i]!.y, 6);
    });
  });

  it('uses the whole photo when no page stands out', () => {
    const flat = { width: 400, height: 300, data: new Uint8ClampedArray(400 * 300 * 4).fill(128) };
    const page = scanPhoto(flat);
    expect(page.found).toBe(false);
    expect(page.corners).toEqual(rectangleCorners(400, 300));
    // An even grey is paper: nothing on it is half as dark as itself.
    expect(page.image.data.every((bit) => bit === 0)).toBe(true);
  });
});
