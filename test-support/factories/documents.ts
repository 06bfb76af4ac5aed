import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF of `pages` numbered A4 pages ("Page 1 of 2", or `label` for "Page"), each with 30 lines of text. */
export async function makePdf(pages: number, label = 'Page'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`${label} ${i} of ${pages}`, { x: 60, y: 760, size: 28, font });
    for (let line = 0; line < 30; line += 1)
      page.drawText(`Line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 60, y: 700 - line * 20, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small grey PNG (8-bit greyscale), built by hand: signature, IHDR, one IDAT, IEND. */
export function makePng(width = 64, height = 48, grey = 0x80): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  header.writeUInt8(0, 10); // compression
  header.writeUInt8(0, 11); // filter
  header.writeUInt8(0, 12); // no interlace
  // Each row starts with its filter type (0, none), then one byte per pixel.
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, grey)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]);
}
