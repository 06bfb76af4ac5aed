import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { homographyBetween, mapPoint, rectangleCorners } from '../apps/web/src/features/scan/processing/homography';
import type { TCorners, TGreyImage, TRgbaImage } from '../apps/web/src/features/scan/processing/images';
import { PNG_SIGNATURE, pngChunk } from './factories/documents';

const run = promisify(execFile);

/** The words on the generated page, one line each: what the OCR of its fax image must find again. */
export const SCAN_PAGE_LINES = ['REFERRAL FOR CARDIOLOGY', 'Patient seen on Monday morning', 'Please call the clinic back'];

/** The resolution the page is drawn at before it is photographed: about what a phone's photo holds of a page. */
const PAGE_DPI = 110;

/** The page of known text as a PDF (A4, large type, as a printed letter). */
async function knownTextPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595.28, 841.89]);
  lines.forEach((line, i) => page.drawText(line, { x: 60, y: 740 - i * 40, size: i === 0 ? 24 : 18, font }));
  return pdf.save();
}

/** The PDF drawn in grey by Ghostscript (the renderer the server uses), as raw PGM read into pixels. */
async function renderGrey(pdf: Uint8Array, dpi: number): Promise<TGreyImage> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-scan-photo-'));
  try {
    await writeFile(path.join(dir, 'page.pdf'), pdf);
    await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pgmraw', `-r${dpi}`, '-sOutputFile=page.pgm', 'page.pdf'], {
      cwd: dir,
    });
    const pgm = await readFile(path.join(dir, 'page.pgm'));
    // Ghostscript writes a comment line after the magic number.
    const header = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 100).toString('latin1'))!;
    return { width: Number(header[1]), height: Number(header[2]), data: new Uint8Array(pgm.subarray(header[0].length)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A small seeded random source (mulberry32), so a photo is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type TGeneratedPhoto = { photo: TRgbaImage; corners: TCorners; lines: string[] };

/**
 * A photo of a page of known text shot at an angle: the page drawn by Ghostscript, put through a known homography onto
 * a dark, slightly noisy desk, lit unevenly (darker to one side) and a little warm, so the true corners are known.
 */
export async function generatePagePhoto(
  options: { width?: number; height?: number; corners?: TCorners; seed?: number; lines?: string[] } = {},
): Promise<TGeneratedPhoto> {
  const { width = 1200, height = 1600, seed = 42, lines = SCAN_PAGE_LINES } = options;
  const corners: TCorners = options.corners ?? [
    { x: 190, y: 160 },
    { x: 1030, y: 230 },
    { x: 1090, y: 1460 },
    { x: 110, y: 1390 },
  ];
  const page = await renderGrey(await knownTextPdf(lines), PAGE_DPI);
  const toPage = homographyBetween(corners, rectangleCorners(page.width, page.height));
  const random = seeded(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const { x: u, y: v } = mapPoint(toPage, { x: x + 0.5, y: y + 0.5 });
      const noise = (random() - 0.5) * 24;
      const inside = u >= 0 && v >= 0 && u < page.width - 1 && v < page.height - 1;
      // The light falls from the left: the page's right edge is a fifth darker.
      const light = 1 - 0.2 * (x / width);
      const grey = inside ? page.data[Math.floor(v) * page.width + Math.floor(u)]! * light + noise : 45 + noise;
      const p = (y * width + x) * 4;
      data[p] = grey + 6;
      data[p + 1] = grey;
      data[p + 2] = grey - 8;
      data[p + 3] = 255;
    }
  }
  return { photo: { width, height, data }, corners, lines };
}

/** The photo as an RGB PNG file (for a file picker). */
export function photoPng(photo: TRgbaImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(photo.width, 0);
  header.writeUInt32BE(photo.height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const rowBytes = 1 + photo.width * 3;
  const raw = Buffer.alloc(rowBytes * photo.height);
  for (let y = 0; y < photo.height; y += 1) {
    for (let x = 0; x < photo.width; x += 1) {
      const p = (y * photo.width + x) * 4;
      raw.set([photo.data[p]!, photo.data[p + 1]!, photo.data[p + 2]!], y * rowBytes + 1 + x * 3);
    }
  }
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The photo as a one-frame YUV 4:2:0 video (Y4M), for Chromium's fake camera (`--use-file-for-fake-video-capture`). */
export function photoY4m(photo: TRgbaImage): Buffer {
  const { width, height, data } = photo;
  const luma = Buffer.alloc(width * height);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2);
  for (let i = 0; i < width * height; i += 1) {
    luma[i] = Math.round(0.257 * data[i * 4]! + 0.504 * data[i * 4 + 1]! + 0.098 * data[i * 4 + 2]! + 16);
  }
  const quarter = (width / 2) * (height / 2);
  for (let y = 0; y < height / 2; y += 1) {
    for (let x = 0; x < width / 2; x += 1) {
      const p = (y * 2 * width + x * 2) * 4;
      const [r, g, b] = [data[p]!, data[p + 1]!, data[p + 2]!];
      chroma[y * (width / 2) + x] = Math.round(-0.148 * r - 0.291 * g + 0.439 * b + 128);
      chroma[quarter + y * (width / 2) + x] = Math.round(0.439 * r - 0.368 * g - 0.071 * b + 128);
    }
  }
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F1:1 Ip A1:1 C420jpeg\nFRAME\n`, 'ascii'), luma, chroma]);
}
