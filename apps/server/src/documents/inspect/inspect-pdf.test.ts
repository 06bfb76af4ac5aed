import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectPdfUpload, MAX_PDF_STRUCTURE_MB } from './inspect-pdf';

/**
 * A PDF written by hand, object by object, with a correct cross-reference table: for the spellings that pdf-lib never
 * writes (escaped names, indirect types, odd filters). Object 1 is the catalog, 2 the page tree, 3 the page.
 */
function handWrittenPdf(options: { catalog?: string; page?: string; objects?: Array<string | Buffer> } = {}): Uint8Array {
  const objects: Array<string | Buffer> = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${options.page ?? ''} >>`,
    ...(options.objects ?? []),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(length);
    parts.push(part);
    length += part.length;
  });
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

describe('active content in a PDF', () => {
  it('accepts a plain document', async () => {
    expect(await inspectPdfUpload(handWrittenPdf())).toEqual({ verdict: 'ok', pages: 1 });
  });

  it('reads escaped names as what they are (/Java#53cript is /JavaScript)', async () => {
    const pdf = handWrittenPdf({ catalog: '/Open#41ction 4 0 R', objects: ['<< /S /Java#53cript /JS (app.alert\\(1\\)) >>'] });
    expect(await inspectPdfUpload(pdf)).toEqual({ verdict: 'active-content' });
  });

  it('finds JavaScript behind a bookmark', async () => {
    const pdf = handWrittenPdf({
      catalog: '/Outlines 4 0 R',
      objects: ['<< /Type /Outlines /First 5 0 R /Count 1 >>', '<< /Title (Go) /Parent 4 0 R /A << /S /JavaScript /JS (1) >> >>'],
    });
    expect(await inspectPdfUpload(pdf)).toEqual({ verdict: 'active-content' });
  });

  it('leaves a form field its formatting script, but not a Launch action', async () => {
    const widget = (action: string) =>
      handWrittenPdf({
        page: '/Annots [4 0 R]',
        objects: [`<< /Type /Annot /Subtype /Widget /FT /Tx /T (amount) /Rect [0 0 100 20] /P 3 0 R ${action} >>`],
      });
    expect(await inspectPdfUpload(widget('/AA << /F << /S /JavaScript /JS (AFNumber_Format\\(2\\)) >> >>'))).toEqual({
      verdict: 'ok',
      pages: 1,
    });
    expect(await inspectPdfUpload(widget('/A << /S /Launch /F (cmd.exe) >>'))).toEqual({ verdict: 'active-content' });
  });

  it('ends an action chain that loops back on itself', async () => {
    const pdf = handWrittenPdf({
      catalog: '/OpenAction 4 0 R',
      objects: ['<< /S /GoTo /D [3 0 R /Fit] /Next 5 0 R >>', '<< /S /GoTo /D [3 0 R /Fit] /Next 4 0 R >>'],
    });
    expect(await inspectPdfUpload(pdf)).toEqual({ verdict: 'ok', pages: 1 });
  });
});

describe('what a PDF unpacks to', () => {
  const overLimit = () => deflateSync(Buffer.alloc((MAX_PDF_STRUCTURE_MB + 1) * 1024 * 1024, 0x20), { level: 9 });

  it('refuses an object stream that unpacks past the limit, also when its /Type is indirect', async () => {
    const pdf = handWrittenPdf({ objects: [stream('/Type 5 0 R /N 1 /First 4 /Filter /FlateDecode', overLimit()), '/ObjStm'] });
    expect(await inspectPdfUpload(pdf)).toEqual({ verdict: 'unpacks-too-large', limitMB: MAX_PDF_STRUCTURE_MB });
  });

  it('counts every object stream against one budget', async () => {
    const half = deflateSync(Buffer.alloc((MAX_PDF_STRUCTURE_MB / 2 + 1) * 1024 * 1024, 0x20));
    const objectStream = stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', half);
    expect(await inspectPdfUpload(handWrittenPdf({ objects: [objectStream] }))).toEqual({ verdict: 'ok', pages: 1 });
    expect(await inspectPdfUpload(handWrittenPdf({ objects: [objectStream, objectStream] }))).toEqual({
      verdict: 'unpacks-too-large',
      limitMB: MAX_PDF_STRUCTURE_MB,
    });
  });

  it('treats an object stream it cannot measure as damaged', async () => {
    const hex = Buffer.from(Buffer.from('1 0 << >>').toString('hex'), 'latin1');
    const pdf = handWrittenPdf({ objects: [stream('/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', hex)] });
    expect(await inspectPdfUpload(pdf)).toEqual({ verdict: 'damaged' });
  });
});
