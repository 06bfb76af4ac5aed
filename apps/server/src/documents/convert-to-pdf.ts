import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { DocumentType } from './detect-file-type';
import { embedFonts, wrapText } from './pdf-fonts';
import { runCommand } from './run-command';

/** ISO A4 in PDF points: the page every converted document is laid out on. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
const LIBREOFFICE_TIMEOUT_MS = 90_000;

export class ConversionError extends Error {
  override name = 'ConversionError';
  /** The attached file it concerns, when known. */
  file?: string;
  constructor(
    readonly reason: 'encrypted' | 'damaged' | 'unconvertible',
    message: string,
  ) {
    super(message);
  }
}

/** Checks that a PDF opens and is not password-protected; returns its page count. */
export async function inspectPdf(bytes: Uint8Array): Promise<number> {
  let pages: number;
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    // Opened only to look: an encrypted PDF's pages cannot be rendered without its password.
    if (pdf.isEncrypted) throw new ConversionError('encrypted', 'The PDF is protected with a password.');
    pages = pdf.getPageCount();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError('damaged', 'The PDF is damaged and cannot be read.');
  }
  if (pages === 0) throw new ConversionError('damaged', 'The PDF has no pages.');
  return pages;
}

async function imageToPdf(bytes: Uint8Array, type: 'jpeg' | 'png'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  let image;
  try {
    image = type === 'jpeg' ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
  } catch {
    throw new ConversionError('damaged', 'The image is damaged and cannot be read.');
  }
  const page = pdf.addPage([A4.width, A4.height]);
  // Fit inside the margins, keeping the proportions; centred.
  const scale = Math.min((A4.width - 2 * MARGIN) / image.width, (A4.height - 2 * MARGIN) / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (A4.width - width) / 2, y: (A4.height - height) / 2, width, height });
  return pdf.save();
}

async function textToPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { mono } = await embedFonts(pdf);
  const size = 10;
  const leading = 13;
  const lines = wrapText(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''), mono, size, A4.width - 2 * MARGIN);
  const perPage = Math.floor((A4.height - 2 * MARGIN) / leading);
  for (let start = 0; start < Math.max(lines.length, 1); start += perPage) {
    const page = pdf.addPage([A4.width, A4.height]);
    lines.slice(start, start + perPage).forEach((line, index) => {
      page.drawText(line.replace(/\f/g, ''), { x: MARGIN, y: A4.height - MARGIN - size - index * leading, size, font: mono });
    });
  }
  return pdf.save();
}

/**
 * Word documents through LibreOffice headless. Each conversion has its own LibreOffice profile folder, so that two
 * conversions never fight over one profile, and a time limit.
 */
async function wordToPdf(bytes: Uint8Array, type: 'doc' | 'docx'): Promise<Uint8Array> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-convert-'));
  try {
    const input = path.join(work, `document.${type}`);
    await fs.writeFile(input, bytes);
    const profile = `file://${path.join(work, `profile-${randomUUID()}`)}`;
    await runCommand(
      'soffice',
      [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--nolockcheck', '--convert-to', 'pdf', '--outdir', work, input],
      {
        timeoutMs: LIBREOFFICE_TIMEOUT_MS,
      },
    ).catch(() => {
      throw new ConversionError('unconvertible', 'The Word document could not be converted.');
    });
    const output = await fs.readFile(path.join(work, 'document.pdf')).catch(() => {
      throw new ConversionError('unconvertible', 'The Word document could not be converted.');
    });
    return new Uint8Array(output);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Any accepted document as a PDF: PDFs are checked and kept as they are, the rest converted. */
export async function convertToPdf(bytes: Uint8Array, type: DocumentType): Promise<Uint8Array> {
  let pdf: Uint8Array;
  switch (type) {
    case 'pdf':
      pdf = bytes;
      break;
    case 'jpeg':
    case 'png':
      pdf = await imageToPdf(bytes, type);
      break;
    case 'txt':
      pdf = await textToPdf(bytes);
      break;
    case 'doc':
    case 'docx':
      pdf = await wordToPdf(bytes, type);
      break;
  }
  await inspectPdf(pdf);
  return pdf;
}

/** The document of record: the pages of every part, in order. */
export async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
}
