import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, convertToPdf } from '../../src/documents/convert/convert-to-pdf';
import { detectDocumentType, nameAgreesWithType } from '../../src/documents/inspect/detect-file-type';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { decodeG4Rows, readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { prepareAndKeepFaxDocument, prepareFaxDocument } from '../../src/documents/record/prepare-fax-document';
import { faxImageArguments, ghostscript } from '../../src/documents/fax-image/render-fax-image';
import { closeWarmGhostscripts } from '../../src/documents/fax-image/warm-ghostscript';
import { makePdf } from '@test-support/factories/documents';
import { convertFixture, inspectWith, runTool } from '../support/documents';

// Real conversions with the tools set-up installs: pdf-lib, LibreOffice and Ghostscript.
let pdf2: Uint8Array;
let png: Uint8Array;
let jpeg: Uint8Array;
let docx: Uint8Array;
let doc: Uint8Array;
const text = new TextEncoder().encode('Patient referral — Dr. Müller\nSéance confirmée à 14 h.\n\n' + 'Line of text. '.repeat(400));
const cover = {
  language: 'fr',
  senderName: 'Clinique Saint-Jean',
  senderNumber: '+33142000000',
  recipientName: 'Dr. Müller',
  recipientNumber: '+12025550143',
  date: new Date('2026-11-22T10:00:00Z'),
  subject: 'Résultats',
  message: 'Veuillez trouver ci-joint les résultats.',
} as const;

/** Runs a poppler or libtiff tool on files written to a folder of their own; `read` names the output to return. */
async function withTool(
  files: Record<string, Uint8Array>,
  run: (dir: string) => Promise<string>,
  read?: string,
): Promise<{ printed: string; output?: Buffer }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-check-'));
  try {
    for (const [name, bytes] of Object.entries(files)) await fs.writeFile(path.join(dir, name), bytes);
    const printed = await run(dir);
    return { printed, output: read ? await fs.readFile(path.join(dir, read)) : undefined };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
const tool = (command: string, args: string[]) => runTool(command, args);

/** The grey pixels of a PNG (8-bit grey, no interlace), from its IDAT chunks. */
function greyPixels(png: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  const data = Buffer.from(png);
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  expect([data[24], data[25]]).toEqual([8, 0]); // 8 bits, grey
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length; at += 12 + data.readUInt32BE(at))
    if (data.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + data.readUInt32BE(at)));
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) pixels.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  return { width, height, pixels };
}

/** Every page of a G4 TIFF as packed rows (1 = black in the coding sense), decoded by our reader. */
function ourBits(tiff: Uint8Array): Buffer[] {
  return readTiffPages(tiff).map((page) => {
    const stride = Math.ceil(page.width / 8);
    const bits = Buffer.alloc(stride * page.height);
    decodeG4Rows(tiff, page, (y, changes, count) => {
      for (let k = 0; k < count; k += 2)
        for (let x = changes[k]!; x < (k + 1 < count ? changes[k + 1]! : page.width); x += 1)
          bits[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
    });
    return bits;
  });
}

/** Pages (by index) where our decoding differs from libtiff's; Buffer.equals, as deep equality is slow on megabytes. */
async function pagesDecodedDifferently(tiff: Uint8Array): Promise<number[]> {
  const [ours, reference] = [ourBits(tiff), await libtiffBits(tiff)];
  expect(ours.length).toBe(reference.length);
  return ours.flatMap((page, index) => (page.equals(reference[index]!) ? [] : [index]));
}

/** The same pages decompressed by libtiff (tiffcp -c none): the reference decoder. */
async function libtiffBits(tiff: Uint8Array): Promise<Buffer[]> {
  const { output } = await withTool(
    { 'fax.tif': tiff },
    (dir) => tool('tiffcp', ['-c', 'none', `${dir}/fax.tif`, `${dir}/raw.tif`]),
    'raw.tif',
  );
  const raw = new Uint8Array(output!);
  return readTiffPages(raw).map((page) => {
    expect(page.compression).toBe(1);
    return Buffer.concat(page.strips.map((strip) => raw.subarray(strip.offset, strip.offset + strip.length)));
  });
}

beforeAll(async () => {
  pdf2 = await makePdf(2);
  png = await convertFixture(await makePdf(1, 'Scan'), 'pdf', 'png');
  jpeg = await convertFixture(await makePdf(1, 'Photo'), 'pdf', 'jpeg');
  docx = await convertFixture(text, 'txt', 'docx');
  doc = await convertFixture(text, 'txt', 'doc');
}, 180_000);

describe('recognising a file from its bytes', () => {
  it('knows each accepted type, whatever the name says', async () => {
    expect(await detectDocumentType(pdf2)).toBe('pdf');
    expect(await detectDocumentType(png)).toBe('png');
    expect(await detectDocumentType(jpeg)).toBe('jpeg');
    expect(await detectDocumentType(docx)).toBe('docx');
    expect(await detectDocumentType(doc)).toBe('doc');
    expect(await detectDocumentType(text)).toBe('txt');
  });

  it('refuses what is none of them', async () => {
    expect(await detectDocumentType(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBeNull(); // an ELF program
    expect(await detectDocumentType(randomBytes(2048))).toBeNull();
    expect(await detectDocumentType(new Uint8Array())).toBeNull();
  });

  it('checks that the name agrees with the bytes', () => {
    expect(nameAgreesWithType('Scan.JPG', 'jpeg')).toBe(true);
    expect(nameAgreesWithType('report.pdf', 'png')).toBe(false);
  });
});

describe('conversion to PDF', () => {
  it('converts DOCX and DOC with LibreOffice, and text with pdf-lib', async () => {
    for (const [bytes, type] of [
      [docx, 'docx'],
      [doc, 'doc'],
      [text, 'txt'],
    ] as const) {
      const pdf = await convertToPdf(bytes, type);
      const pages = (await PDFDocument.load(pdf)).getPageCount();
      expect(pages, type).toBeGreaterThanOrEqual(2); // the long text runs over one page
    }
  });

  it('refuses a password-protected PDF and a damaged one with a reason', async () => {
    const encrypted = await convertFixture(pdf2, 'pdf', 'encrypted-pdf');
    await expect(convertToPdf(encrypted, 'pdf')).rejects.toMatchObject({ reason: 'encrypted' });
    const damaged = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...randomBytes(500)]);
    await expect(convertToPdf(damaged, 'pdf')).rejects.toBeInstanceOf(ConversionError);
  });
});

describe('the fax document', () => {
  it('puts the cover first, then every file in order, and renders a G4 fax image at the quality', async () => {
    const result = await prepareFaxDocument({
      files: [
        { bytes: pdf2, type: 'pdf' },
        { bytes: png, type: 'png' },
      ],
      cover,
      quality: 'fine',
    });
    expect(result.pages).toBe(4);
    expect(result.image.pages).toBe(4);
    expect(await inspectWith('pdfinfo', result.pdf)).toMatch(/Pages:\s+4/);
    const { printed: pageTexts } = await withTool({ 'record.pdf': result.pdf }, (dir) =>
      tool('pdftotext', ['-layout', `${dir}/record.pdf`, '-']),
    );
    const pages = pageTexts.split('\f');
    expect(pages[0]).toContain('Clinique Saint-Jean');
    expect(pages[0]).toMatch(/Pages[^\n]*4/);
    expect(pages[1]).toContain('Page 1 of 2');
    expect(pages[2]).toContain('Page 2 of 2');

    const tiff = await inspectWith('tiffinfo', result.image.tiff);
    const directories = tiff.split('TIFF Directory').length - 1;
    expect(directories).toBe(4);
    expect(tiff).toContain('Compression Scheme: CCITT Group 4');
    expect(tiff).toContain('Image Width: 1728');
    expect(tiff).toMatch(/Resolution: 204, 196 pixels\/inch/);
    expect(tiff).toContain('Bits/Sample: 1');

    // The thumbnail is the fax image's first page (the cover) at 40 dpi both ways: dark title on white paper.
    const thumbnail = greyPixels(result.thumbnail);
    expect([thumbnail.width, thumbnail.height]).toEqual([Math.round((1728 * 40) / 204), Math.round((2291 * 40) / 196)]);
    const dark = thumbnail.pixels.filter((value) => value < 128).length;
    expect(dark).toBeGreaterThan(100);
    expect(dark).toBeLessThan(thumbnail.pixels.length / 10);
    const topRows = thumbnail.pixels.subarray(0, thumbnail.width * 60);
    expect(Math.min(...topRows)).toBeLessThan(64); // the 36 pt title "Télécopie"
  }, 120_000);

  it('renders the document of record once: one Ghostscript run, its image read back exactly as libtiff reads it', async () => {
    // A shim in front of Ghostscript counts the Ghostscripts started for this process: the warm renderers (decision 124)
    // left by earlier tests are closed first, so that the one this document needs starts through the shim.
    closeWarmGhostscripts();
    const shimDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-gs-shim-'));
    const log = path.join(shimDir, 'runs.log');
    const gsPath = (await tool('sh', ['-c', 'command -v gs'])).trim();
    await fs.writeFile(path.join(shimDir, 'gs'), `#!/bin/sh\necho run >> '${log}'\nexec '${gsPath}' "$@"\n`, { mode: 0o755 });
    const originalPath = process.env.PATH;
    process.env.PATH = `${shimDir}:${originalPath}`;
    let result;
    try {
      result = await prepareFaxDocument({
        files: [
          { bytes: pdf2, type: 'pdf' },
          { bytes: text, type: 'txt' },
        ],
        cover,
        quality: 'standard',
      });
      expect((await fs.readFile(log, 'utf8')).trim().split('\n')).toEqual(['run']);
    } finally {
      process.env.PATH = originalPath;
      closeWarmGhostscripts();
      await fs.rm(shimDir, { recursive: true, force: true });
    }
    expect(result.pages).toBe(result.image.pages);
    expect(await inspectWith('pdfinfo', result.pdf)).toMatch(new RegExp(`Pages:\\s+${result.pages}\\b`));
    expect(await pagesDecodedDifferently(result.image.tiff)).toEqual([]);
  }, 120_000);

  it('reads every run length of the G4 code as libtiff does', async () => {
    // Bars of every width from 0 to the page's, and halftoned greys: white and black runs of all the code's lengths.
    const pdf = await PDFDocument.create();
    for (let variant = 0; variant < 2; variant += 1) {
      const page = pdf.addPage([595.28, 841.89]);
      for (let i = 0; i < 300; i += 1) {
        const width = ((i * 37 + variant * 101) % 600) * (595.28 / 600);
        page.drawRectangle({ x: variant ? 595.28 - width : (i * 13) % 50, y: 838 - i * 2.2, width, height: 1.2, color: rgb(0, 0, 0) });
      }
      for (let k = 0; k < 50; k += 1)
        page.drawRectangle({ x: k * 11.9, y: 0, width: 11.9, height: 160, color: rgb(k / 50, k / 50, k / 50) });
    }
    const { output } = await withTool(
      { 'bars.pdf': await pdf.save() },
      (dir) => ghostscript(faxImageArguments('superfine', `${dir}/bars.pdf`, `${dir}/bars.tif`), { workDir: dir }),
      'bars.tif',
    );
    const tiff = new Uint8Array(output!);
    expect(readTiffPages(tiff)).toHaveLength(2);
    expect(await pagesDecodedDifferently(tiff)).toEqual([]);
  }, 120_000);

  it('continues a long cover message on further cover pages, counted in the total it prints', async () => {
    const message = Array.from({ length: 120 }, (_, i) => `Ligne ${i + 1} du message.`).join('\n');
    const result = await prepareFaxDocument({ files: [{ bytes: pdf2, type: 'pdf' }], cover: { ...cover, message }, quality: 'standard' });
    expect(result.pages).toBeGreaterThanOrEqual(5); // 3 or more cover pages, then 2
    const { printed } = await withTool({ 'record.pdf': result.pdf }, (dir) => tool('pdftotext', ['-layout', `${dir}/record.pdf`, '-']));
    const pages = printed.split('\f');
    expect(pages[0]).toMatch(new RegExp(`Pages[^\\n]*\\b${result.pages}\\b`));
    expect(pages[0]).toContain('Ligne 1 du message.');
    expect(pages[result.pages - 3]).toContain('Ligne 120 du message.');
    expect(pages[result.pages - 2]).toContain('Page 1 of 2');
  }, 120_000);

  it('embeds each font once, and only the fonts the pages use', async () => {
    const fontsOf = async (bytes: Uint8Array) =>
      (await withTool({ 'record.pdf': bytes }, (dir) => tool('pdffonts', [`${dir}/record.pdf`]))).printed
        .split('\n')
        .slice(2)
        .map((line) => line.split(/\s+/)[0]!.replace(/-\d+$/, '')) // pdf-lib numbers each embedding
        .filter(Boolean)
        .sort();
    const coverOnly = await prepareFaxDocument({ files: [], cover, quality: 'standard' });
    expect(await fontsOf(coverOnly.pdf)).toEqual(['LiberationSans', 'LiberationSans-Bold']);
    const withText = await prepareFaxDocument({ files: [{ bytes: text, type: 'txt' }], cover, quality: 'standard' });
    expect(await fontsOf(withText.pdf)).toEqual(['LiberationMono', 'LiberationSans', 'LiberationSans-Bold']);
  }, 120_000);

  it('prints and keeps as text the letters of every script the fonts have, on the cover and in text files', async () => {
    const result = await prepareFaxDocument({
      files: [{ bytes: new TextEncoder().encode('Résumé : Лаборатория, Δρ. Παπαδόπουλος, Œuvre, 50 €.'), type: 'txt' }],
      cover: { ...cover, senderName: 'Δρ. Παπαδόπουλος', recipientName: 'Лаборатория' },
      quality: 'standard',
    });
    const { printed } = await withTool({ 'record.pdf': result.pdf }, (dir) => tool('pdftotext', [`${dir}/record.pdf`, '-']));
    const [coverText, textFile] = printed.split('\f');
    expect(coverText).toContain('Δρ. Παπαδόπουλος');
    expect(coverText).toContain('Лаборатория');
    expect(coverText).toContain('Télécopie');
    expect(textFile).toContain('Résumé : Лаборатория, Δρ. Παπαδόπουλος, Œuvre, 50 €.');
  }, 120_000);

  it('names the file that cannot be opened, and stops the rendering it had started', async () => {
    const damaged = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...randomBytes(500)]);
    const started = Date.now();
    const failure = prepareFaxDocument({
      files: [
        { bytes: pdf2, type: 'pdf', name: 'referral.pdf' },
        { bytes: damaged, type: 'pdf', name: 'scan.pdf' },
      ],
      cover,
      quality: 'fine',
    });
    await expect(failure).rejects.toBeInstanceOf(ConversionError);
    await expect(failure).rejects.toMatchObject({ reason: 'damaged', file: 'scan.pdf' });
    // Ghostscript was killed, not waited for until its time limit.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 120_000);

  it('keeps the record, the fax image and its thumbnail as each is ready, and nothing of a fax that fails', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-kept-'));
    const store = createEncryptedFileStore({ dir, masterKey: randomBytes(32) });
    const storedFiles = async () => (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    try {
      const kept = await prepareAndKeepFaxDocument({ files: [{ bytes: pdf2, type: 'pdf' }], cover, quality: 'fine' }, store);
      expect(kept.pages).toBe(3);
      expect(new TextDecoder().decode((await store.get(kept.record.key)).subarray(0, 5))).toBe('%PDF-');
      const image = await store.get(kept.image.key);
      expect(readTiffPages(image)).toHaveLength(3);
      expect([...(await store.get(kept.thumbnail.key)).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
      expect(await storedFiles()).toHaveLength(3);

      // Ghostscript stopped by its time limit after the record was made: the record kept meanwhile goes again.
      const failure = prepareAndKeepFaxDocument(
        {
          files: [{ bytes: pdf2, type: 'pdf' }],
          cover,
          quality: 'fine',
          limits: { memoryMB: 1024, cpuSeconds: 60, timeoutSeconds: 0.005 },
        },
        store,
      );
      await expect(failure).rejects.toMatchObject({ reason: 'too-large-or-damaged' });
      expect(await storedFiles()).toHaveLength(3);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('renders standard and superfine at their vertical resolutions', async () => {
    for (const [quality, resolution] of [
      ['standard', '204, 98'],
      ['superfine', '204, 392'],
    ] as const) {
      const result = await prepareFaxDocument({ files: [{ bytes: pdf2, type: 'pdf' }], cover: null, quality });
      expect(await inspectWith('tiffinfo', result.image.tiff)).toContain(`Resolution: ${resolution} pixels/inch`);
    }
  }, 120_000);
});

describe('encrypted storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-store-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('stores a file encrypted, reads it back, and refuses a tampered or wrong-key file', async () => {
    const store = createEncryptedFileStore({ dir, masterKey: randomBytes(32) });
    const stored = await store.put(pdf2);
    expect(stored.size).toBe(pdf2.length);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(await store.get(stored.key)).equals(Buffer.from(pdf2))).toBe(true);

    const file = path.join(dir, stored.key.slice(0, 2), stored.key);
    const onDisk = await fs.readFile(file);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);

    onDisk[onDisk.length - 1]! ^= 0xff;
    await fs.writeFile(file, onDisk);
    await expect(store.get(stored.key)).rejects.toThrow();
    const other = createEncryptedFileStore({ dir, masterKey: randomBytes(32) });
    const again = await store.put(pdf2);
    await expect(other.get(again.key)).rejects.toThrow();
  });
});
