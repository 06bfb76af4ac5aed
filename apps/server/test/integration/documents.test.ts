import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, convertToPdf } from '../../src/documents/convert-to-pdf';
import { detectDocumentType, nameAgreesWithType } from '../../src/documents/detect-file-type';
import { createEncryptedFileStore } from '../../src/documents/encrypted-file-store';
import { prepareFaxDocument } from '../../src/documents/prepare-fax-document';
import { convertFixture, inspectWith, makePdf } from '../support/documents';

// Real conversions with the tools set-up installs: pdf-lib, LibreOffice and Ghostscript.
let pdf2: Uint8Array;
let png: Uint8Array;
let jpeg: Uint8Array;
let docx: Uint8Array;
let doc: Uint8Array;
const text = new TextEncoder().encode('Patient referral — Dr. Müller\nSéance confirmée à 14 h.\n\n' + 'Line of text. '.repeat(400));

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
      cover: {
        language: 'fr',
        senderName: 'Clinique Saint-Jean',
        senderNumber: '+33142000000',
        recipientName: 'Dr. Müller',
        recipientNumber: '+12025550143',
        date: new Date('2026-11-22T10:00:00Z'),
        subject: 'Résultats',
        message: 'Veuillez trouver ci-joint les résultats.',
      },
      quality: 'fine',
    });
    expect(result.pages).toBe(4);
    expect(await inspectWith('pdfinfo', result.pdf)).toMatch(/Pages:\s+4/);

    const tiff = await inspectWith('tiffinfo', result.image.tiff);
    const directories = tiff.split('TIFF Directory').length - 1;
    expect(directories).toBe(4);
    expect(tiff).toContain('Compression Scheme: CCITT Group 4');
    expect(tiff).toContain('Image Width: 1728');
    expect(tiff).toMatch(/Resolution: 204, 196 pixels\/inch/);
    expect(tiff).toContain('Bits/Sample: 1');
    expect(result.thumbnail.subarray(1, 4)).toEqual(new TextEncoder().encode('PNG'));
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
