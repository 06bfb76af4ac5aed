import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversionError } from '../convert/convert-to-pdf';
import { DEFAULT_CONVERTER_LIMITS } from '../convert/converter-box';
import { closeDocumentThreads, countTextPagesInThread, inspectPdfInThread, makeRecordInThread } from './document-threads';

// The first task starts a thread, which loads the TypeScript source through tsx: seconds on a busy machine.
const THREAD_START_MS = 120_000;

afterAll(closeDocumentThreads);

const letter = (lines: number) => new TextEncoder().encode('A line of a letter, typed as plain text.\n'.repeat(lines));

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of 100 bytes whose header reads well (so it passes the upload check) and whose pixel data is not a zlib stream:
 * pdf-lib's decoder never finishes it.
 */
function endlessPng(): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100, 0);
  header.writeUInt32BE(100, 4);
  header[8] = 8;
  header[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('not deflated at all')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('document threads', () => {
  it(
    'count a text file as many pages as its record then has',
    async () => {
      const text = letter(200);
      const counted = await countTextPagesInThread(text);
      const made = await makeRecordInThread({
        files: [{ bytes: text, type: 'txt', name: 'letter.txt' }],
        cover: null,
        limits: DEFAULT_CONVERTER_LIMITS,
      });
      expect(counted).toBe(4);
      expect(made.pages).toBe(counted);
      expect(new TextDecoder().decode(made.pdf.subarray(0, 5))).toBe('%PDF-');
    },
    THREAD_START_MS,
  );

  it(
    "give a conversion's refusal back as the ConversionError it is, naming the file",
    async () => {
      const jpegWithoutFrame = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
      const made = makeRecordInThread({
        files: [{ bytes: jpegWithoutFrame, type: 'jpeg', name: 'scan.jpg' }],
        cover: null,
        limits: DEFAULT_CONVERTER_LIMITS,
      });
      await expect(made).rejects.toBeInstanceOf(ConversionError);
      await expect(made).rejects.toMatchObject({ reason: 'damaged', file: 'scan.jpg' });
    },
    THREAD_START_MS,
  );

  it(
    'stop a record past its time limit as too large or damaged, and go on working',
    async () => {
      const limits = { ...DEFAULT_CONVERTER_LIMITS, timeoutSeconds: 1 };
      const made = makeRecordInThread({ files: [{ bytes: endlessPng(), type: 'png', name: 'endless.png' }], cover: null, limits });
      await expect(made).rejects.toBeInstanceOf(ConversionError);
      await expect(made).rejects.toMatchObject({ reason: 'too-large-or-damaged' });
      expect(await countTextPagesInThread(letter(10))).toBe(1);
    },
    THREAD_START_MS,
  );

  it(
    "run an upload's PDF checks",
    async () => {
      const damaged = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
      expect(await inspectPdfInThread(damaged)).toEqual({ verdict: 'damaged' });
    },
    THREAD_START_MS,
  );
});
