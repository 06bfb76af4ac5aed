import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import type { DocumentType } from '../inspect/detect-file-type';
import { documentFont, wrapText } from '../fonts/pdf-fonts';
import { DEFAULT_CONVERTER_LIMITS, runConverter, type ConverterLimits } from './converter-box';
import { makePagesInert } from './sanitize-pdf';

/** ISO A4 in PDF points: the page every converted document is laid out on. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;

export class ConversionError extends Error {
  override name = 'ConversionError';
  /** The attached file it concerns, when known. */
  file?: string;
  constructor(
    /** 'too-large-or-damaged': a converter failed or was stopped by its box (docs/decisions/022). */
    readonly reason: 'encrypted' | 'damaged' | 'unconvertible' | 'too-large-or-damaged',
    message: string,
  ) {
    super(message);
  }
}

/** Opens a PDF for its pages, refusing one that is password-protected, damaged or empty. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  let pdf: PDFDocument;
  let pages: number;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    // Opened only to look: an encrypted PDF's pages cannot be rendered without its password.
    if (pdf.isEncrypted) throw new ConversionError('encrypted', 'The PDF is protected with a password.');
    pages = pdf.getPageCount();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError('damaged', 'The PDF is damaged and cannot be read.');
  }
  if (pages === 0) throw new ConversionError('damaged', 'The PDF has no pages.');
  return pdf;
}

/** Copies the pages, made inert first: what they print stays, their links, forms, files and actions do not. */
async function copyAllPages(target: PDFDocument, source: PDFDocument): Promise<number> {
  let pages;
  try {
    makePagesInert(source);
    pages = await target.copyPages(source, source.getPageIndices());
  } catch {
    throw new ConversionError('damaged', 'The PDF is damaged and cannot be read.');
  }
  for (const page of pages) target.addPage(page);
  return pages.length;
}

async function addImagePage(target: PDFDocument, bytes: Uint8Array, type: 'jpeg' | 'png'): Promise<number> {
  let image;
  try {
    image = type === 'jpeg' ? await target.embedJpg(bytes) : await target.embedPng(bytes);
  } catch {
    throw new ConversionError('damaged', 'The image is damaged and cannot be read.');
  }
  const page = target.addPage([A4.width, A4.height]);
  // Fit inside the margins, keeping the proportions; centred.
  const scale = Math.min((A4.width - 2 * MARGIN) / image.width, (A4.height - 2 * MARGIN) / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (A4.width - width) / 2, y: (A4.height - height) / 2, width, height });
  return 1;
}

/** A text file's lines as laid out on A4 in the monospaced font, and how many of them fit a page. */
const TEXT_SIZE = 10;
const TEXT_LEADING = 13;
const TEXT_LINES_PER_PAGE = Math.floor((A4.height - 2 * MARGIN) / TEXT_LEADING);

const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
const textLines = (text: string, mono: PDFFont) => wrapText(text, mono, TEXT_SIZE, A4.width - 2 * MARGIN);
const textPageCount = (lines: string[]) => Math.max(1, Math.ceil(lines.length / TEXT_LINES_PER_PAGE));

async function addTextPages(target: PDFDocument, bytes: Uint8Array): Promise<number> {
  const text = textOf(bytes);
  const mono = await documentFont(target, 'mono', text);
  const lines = textLines(text, mono);
  const pages = textPageCount(lines);
  for (let start = 0; start < pages * TEXT_LINES_PER_PAGE; start += TEXT_LINES_PER_PAGE) {
    const page = target.addPage([A4.width, A4.height]);
    lines.slice(start, start + TEXT_LINES_PER_PAGE).forEach((line, index) => {
      page.drawText(line.replace(/\f/g, ''), {
        x: MARGIN,
        y: A4.height - MARGIN - TEXT_SIZE - index * TEXT_LEADING,
        size: TEXT_SIZE,
        font: mono,
      });
    });
  }
  return pages;
}

/** The pages a text file will take, from the same layout, without drawing them. */
export async function countTextPages(bytes: Uint8Array): Promise<number> {
  const text = textOf(bytes);
  return textPageCount(textLines(text, await documentFont(await PDFDocument.create(), 'mono', text)));
}

/**
 * Word documents through LibreOffice headless, in the converters' box. Each conversion has its own folder, its home
 * and LibreOffice profile, so that two conversions never fight over one profile.
 */
async function wordToPdf(bytes: Uint8Array, type: 'doc' | 'docx', limits: ConverterLimits): Promise<Uint8Array> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-convert-'));
  try {
    const input = path.join(work, `document.${type}`);
    await fs.writeFile(input, bytes);
    const profile = `file://${path.join(work, `profile-${randomUUID()}`)}`;
    // LibreOffice says little about why it failed; over a limit or not, the document was too large or damaged.
    const failed = () => new ConversionError('too-large-or-damaged', 'The Word document could not be converted.');
    await runConverter(
      'soffice',
      [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--nolockcheck', '--convert-to', 'pdf', '--outdir', work, input],
      { workDir: work, limits },
    ).catch(() => {
      throw failed();
    });
    const output = await fs.readFile(path.join(work, 'document.pdf')).catch(() => {
      throw failed();
    });
    return new Uint8Array(output);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Adds the pages of any accepted document at the end of `target`, converting on the way: a PDF is opened once (the
 * check and the copy use the same parse), images and text are laid out straight into `target` (no intermediate PDF
 * to save and parse again). Returns the number of pages added.
 */
export async function appendAsPages(
  target: PDFDocument,
  bytes: Uint8Array,
  type: DocumentType,
  limits: ConverterLimits = DEFAULT_CONVERTER_LIMITS,
): Promise<number> {
  switch (type) {
    case 'pdf':
      return copyAllPages(target, await loadPdf(bytes));
    case 'jpeg':
    case 'png':
      return addImagePage(target, bytes, type);
    case 'txt':
      return addTextPages(target, bytes);
    case 'doc':
    case 'docx':
      return copyAllPages(target, await loadPdf(await wordToPdf(bytes, type, limits)));
  }
}

/** Any accepted document as a PDF of its own: PDFs are checked and kept as they are, the rest converted. */
export async function convertToPdf(
  bytes: Uint8Array,
  type: DocumentType,
  limits: ConverterLimits = DEFAULT_CONVERTER_LIMITS,
): Promise<Uint8Array> {
  switch (type) {
    case 'pdf':
      await loadPdf(bytes);
      return bytes;
    case 'doc':
    case 'docx': {
      const pdf = await wordToPdf(bytes, type, limits);
      await loadPdf(pdf);
      return pdf;
    }
    default: {
      const pdf = await PDFDocument.create();
      await appendAsPages(pdf, bytes, type);
      return pdf.save();
    }
  }
}
