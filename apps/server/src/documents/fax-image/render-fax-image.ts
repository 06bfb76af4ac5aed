import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FAX_IMAGE_WIDTH_PX, FAX_RESOLUTIONS, type TFaxQuality } from '@faxline/shared';
import { ConversionError } from '../convert/convert-to-pdf';
import { faxPageThumbnail } from './fax-thumbnail';
import { readTiffPages } from './fax-tiff';
import { ConverterError, DEFAULT_CONVERTER_LIMITS, runConverter, type ConverterLimits } from '../convert/converter-box';
import { joinTiffPages } from './fax-tiff-join';
import { idleWarmGhostscripts, renderWithWarmGhostscript, type PageRange } from './warm-ghostscript';

/** A4 height in inches: the length of a fax page. */
const PAGE_HEIGHT_INCHES = 11.69;

export type FaxImage = {
  tiff: Uint8Array;
  /** Pages in the image, counted from its directories. */
  pages: number;
  xDpi: number;
  yDpi: number;
  widthPx: number;
  heightPx: number;
};

/** The page size in pixels of a fax at a quality: 1728 dots across, the page length at the vertical resolution. */
export function faxPageSize(quality: TFaxQuality): { widthPx: number; heightPx: number; xDpi: number; yDpi: number } {
  const { xDpi, yDpi } = FAX_RESOLUTIONS[quality];
  return { widthPx: FAX_IMAGE_WIDTH_PX, heightPx: Math.round(PAGE_HEIGHT_INCHES * yDpi), xDpi, yDpi };
}

/**
 * Ghostscript, quiet, in the converters' box, and sandboxed besides (-dSAFER: the document cannot reach files or run
 * commands). With `commands`, Ghostscript starts at once and reads PostScript from its standard input (pass '-' as the
 * input file) when it is ready.
 */
export function ghostscript(
  args: string[],
  options: { workDir: string; limits?: ConverterLimits; commands?: Promise<string> },
): Promise<string> {
  return runConverter('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', ...args], {
    workDir: options.workDir,
    limits: options.limits ?? DEFAULT_CONVERTER_LIMITS,
    input: options.commands?.then((text) => new TextEncoder().encode(text)),
  });
}

/** Ghostscript over a limit, or failed on its own (running out of memory looks like that): too large or damaged. */
function asConversionError(error: unknown): never {
  if (!(error instanceof ConverterError)) throw error;
  throw new ConversionError('too-large-or-damaged', `The document could not be rendered: ${error.message.slice(0, 200)}`);
}

/** The device arguments of the fax image at a quality: TIFF G4, the fax page's resolution and size, every page fitted. */
export function faxDeviceArguments(quality: TFaxQuality): string[] {
  const size = faxPageSize(quality);
  return ['-sDEVICE=tiffg4', `-r${size.xDpi}x${size.yDpi}`, `-g${size.widthPx}x${size.heightPx}`, '-dFIXEDMEDIA', '-dPDFFitPage'];
}

/** The arguments that render a PDF as the TIFF G4 fax image of a quality in one Ghostscript run (the render bench's anchor). */
export function faxImageArguments(quality: TFaxQuality, input: string, output: string): string[] {
  return [...faxDeviceArguments(quality), `-sOutputFile=${output}`, input];
}

/**
 * A private folder for one Ghostscript run, removed after it. Made synchronously (one quick system call), so that a
 * caller that starts the rendering and then goes on with work of its own has Ghostscript started before that work.
 */
async function withWorkFolder<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'faxline-render-'));
  try {
    return await run(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A document of at least this many pages is split among idle renderers: below it, one renders it as fast. */
const SPLIT_FROM_PAGES = 6;
/** Pages each part has at least, so that the cost of opening the document again in each renderer stays small. */
const PAGES_PER_PART = 3;

/** The page ranges of a document rendered in `parts` parts, as even as can be. */
export function pageRanges(pages: number, parts: number): PageRange[] {
  return Array.from({ length: parts }, (_, k) => ({
    first: Math.floor((k * pages) / parts) + 1,
    last: Math.floor(((k + 1) * pages) / parts),
  }));
}

/**
 * The fax image: TIFF class F (CCITT Group 4, one bit per pixel, 1728 pixels wide) at the quality's resolution, every
 * page of the PDF scaled to fit the fax page. Ghostscript does the rendering, already started (warm-ghostscript.ts,
 * decision 124): its start-up is not paid per fax. Given the page count, a long document is split among the
 * renderers that are idle right now (one per core), each rendering a range of its pages, and the parts are joined
 * page by page; on a busy machine there is no idle renderer to share with, and one renders it all.
 * The PDF may be given as a promise (the record still being made): a renderer is taken once it is ready.
 */
export async function renderFaxImage(
  pdf: Uint8Array | Promise<Uint8Array>,
  quality: TFaxQuality,
  limits: ConverterLimits = DEFAULT_CONVERTER_LIMITS,
  pageCount?: number | Promise<number>,
): Promise<FaxImage> {
  const size = faxPageSize(quality);
  // Both awaited together: when the record fails, both fail, and neither is left unhandled.
  const [bytes, pages] = await Promise.all([pdf, pageCount]);
  const args = faxDeviceArguments(quality);
  const parts =
    pages !== undefined && pages >= SPLIT_FROM_PAGES
      ? Math.max(1, Math.min(idleWarmGhostscripts(args, limits), Math.floor(pages / PAGES_PER_PART)))
      : 1;
  const rendered =
    parts > 1
      ? await Promise.all(pageRanges(pages!, parts).map((range) => renderWithWarmGhostscript(args, limits, bytes, range))).catch(
          asConversionError,
        )
      : [await renderWithWarmGhostscript(args, limits, bytes).catch(asConversionError)];
  if (rendered.some((part) => part === undefined))
    throw new ConversionError('unconvertible', 'The document could not be rendered as a fax: no image was written.');
  const tiff = parts > 1 ? joinTiffPages(rendered as Uint8Array[], size) : rendered[0]!;
  return { tiff, pages: readTiffPages(tiff).length, ...size };
}

/** A small grey PNG of the first page of the fax image, for the fax details and the list. */
export function renderThumbnail(image: FaxImage): Promise<Uint8Array> {
  const [first] = readTiffPages(image.tiff, 1);
  if (!first) throw new Error('The fax image has no page');
  return faxPageThumbnail(image.tiff, first, image);
}

/**
 * The first pages as the fax machine will print them: one bit per pixel at half the quality's resolution (so standard
 * shows its coarse vertical lines), as PNG images for the send page's preview.
 */
export async function renderPreviewPages(
  pdf: Uint8Array,
  quality: TFaxQuality,
  maxPages: number,
  limits: ConverterLimits = DEFAULT_CONVERTER_LIMITS,
): Promise<Uint8Array[]> {
  const { xDpi, yDpi } = FAX_RESOLUTIONS[quality];
  return withWorkFolder(async (dir) => {
    const input = path.join(dir, 'document.pdf');
    await fs.writeFile(input, pdf);
    await ghostscript(
      [
        '-sDEVICE=pngmono',
        `-r${xDpi / 2}x${yDpi / 2}`,
        '-dFirstPage=1',
        `-dLastPage=${maxPages}`,
        `-sOutputFile=${path.join(dir, 'page-%03d.png')}`,
        input,
      ],
      { workDir: dir, limits },
    ).catch(asConversionError);
    const names = (await fs.readdir(dir)).filter((name) => name.startsWith('page-')).sort();
    return Promise.all(names.map(async (name) => new Uint8Array(await fs.readFile(path.join(dir, name)))));
  });
}
