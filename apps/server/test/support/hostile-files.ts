import { once } from 'node:events';
import { crc32, createDeflate, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, type PDFDict } from 'pdf-lib';
import { PNG_SIGNATURE, pngChunk } from '@test-support/factories/documents';

/**
 * Files made on the spot for the upload corpus (no binary fixtures in git): zip archives written byte by byte, PNG and
 * JPEG headers, and PDFs carrying active content. pdf-lib saves with compressed object streams, so the actions in
 * these PDFs are not visible in the raw bytes: only a parser finds them.
 */

// ---------- zip ----------

export type ZipEntry = { name: string; data: Uint8Array; method?: 'stored' | 'deflated' };

/** A zip archive (local headers, data, central directory, end record), as Word and every zip tool write it. */
export function zipArchive(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = entry.method !== 'stored';
    const body = deflated ? deflateRawSync(entry.data, { level: 9 }) : Buffer.from(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(deflated ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflated ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A zip that file-type (and Word) take for a DOCX: its content types first, then the given parts. */
export function docxLike(parts: ZipEntry[]): Uint8Array {
  return zipArchive([{ name: '[Content_Types].xml', data: new TextEncoder().encode(CONTENT_TYPES) }, ...parts]);
}

/** `size` bytes of one repeated byte: what a zip bomb compresses a thousand times. */
export const filler = (size: number, byte = 0x20) => new Uint8Array(size).fill(byte);

// ---------- images ----------

/**
 * A real, valid white PNG of any size, 1 bit per pixel: 30,000 x 30,000 pixels fit in about 110 KB, and decoding them
 * would take gigabytes. Rows are streamed through the compressor, so building it holds one row at a time.
 */
export async function blankPng(width: number, height: number): Promise<Uint8Array> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (let y = 0; y < height; y += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return new Uint8Array(
    Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(chunks)), pngChunk('IEND', new Uint8Array(0))]),
  );
}

/** The start of a baseline JPEG up to its frame header, which is all that gives its size. */
export function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

/** A PNG of its header alone (signature, IHDR, IEND): enough for anything that reads only the size. */
export function pngHeader(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return new Uint8Array(Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IEND', new Uint8Array(0))]));
}

// ---------- PDFs ----------

type PdfSetup = (pdf: PDFDocument) => void | Promise<void>;

/** A one-page PDF, changed by `setup` before it is saved (with compressed object streams, pdf-lib's default). */
export async function pdfWith(setup: PdfSetup = () => undefined): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595.28, 841.89]).drawText('Referral', { x: 60, y: 760, size: 28, font });
  await setup(pdf);
  return pdf.save();
}

const javaScript = (pdf: PDFDocument, code = "app.alert('hi')") =>
  pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });

function addAnnotation(pdf: PDFDocument, annotation: PDFDict) {
  const page = pdf.getPage(0);
  page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(annotation)]));
}

const link = (pdf: PDFDocument, action: PDFDict) =>
  pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [60, 700, 300, 740], Border: [0, 0, 0], A: action });

/** Each place where a viewer runs JavaScript or starts a program by itself or on a click. */
export const activePdfs = {
  openActionJavaScript: () => pdfWith((pdf) => pdf.catalog.set(PDFName.of('OpenAction'), javaScript(pdf))),
  documentWillCloseJavaScript: () =>
    pdfWith((pdf) => pdf.catalog.set(PDFName.of('AA'), pdf.context.obj({ WC: javaScript(pdf, 'this.submitForm()') }))),
  pageOpenJavaScript: () => pdfWith((pdf) => pdf.getPage(0).node.set(PDFName.of('AA'), pdf.context.obj({ O: javaScript(pdf) }))),
  linkJavaScript: () => pdfWith((pdf) => addAnnotation(pdf, link(pdf, javaScript(pdf)))),
  linkLaunch: () =>
    pdfWith((pdf) => addAnnotation(pdf, link(pdf, pdf.context.obj({ S: 'Launch', F: PDFString.of('C:\\Windows\\System32\\calc.exe') })))),
  linkUriThenJavaScript: () =>
    pdfWith((pdf) =>
      addAnnotation(pdf, link(pdf, pdf.context.obj({ S: 'URI', URI: PDFString.of('https://example.com/'), Next: [javaScript(pdf)] }))),
    ),
  namesTreeJavaScript: () =>
    pdfWith((pdf) =>
      pdf.catalog.set(
        PDFName.of('Names'),
        pdf.context.obj({ JavaScript: pdf.context.obj({ Names: [PDFHexString.fromText('init'), pdf.context.register(javaScript(pdf))] }) }),
      ),
    ),
};

/**
 * What the decision keeps (docs/decisions/020): a fillable form whose field formats its value with a script, an
 * attached file, and a plain web link.
 */
export const acceptedPdf = () =>
  pdfWith(async (pdf) => {
    const form = pdf.getForm();
    const field = form.createTextField('patient.name');
    field.addToPage(pdf.getPage(0), { x: 60, y: 600, width: 200, height: 24 });
    field.acroField.getWidgets()[0]!.dict.set(PDFName.of('AA'), pdf.context.obj({ F: javaScript(pdf, 'AFSpecial_Format(0)') }));
    await pdf.attach(new TextEncoder().encode('notes'), 'notes.txt', { mimeType: 'text/plain' });
    addAnnotation(pdf, link(pdf, pdf.context.obj({ S: 'URI', URI: PDFString.of('https://example.com/') })));
  });

/**
 * A PDF whose one object stream unpacks to `megabytes` of spaces: a few kilobytes on disk, and pdf-lib would hold all
 * of it in memory while loading.
 */
export function pdfWithObjectStreamBomb(megabytes: number): Uint8Array {
  const packed = deflateSync(filler(megabytes * 1024 * 1024), { level: 9 });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: string | Buffer) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  add('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  offsets[1] = length;
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  offsets[2] = length;
  add('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n');
  offsets[3] = length;
  add('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n');
  offsets[4] = length;
  add(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`);
  add(packed);
  add('\nendstream\nendobj\n');
  const xref = length;
  add(
    `xref\n0 5\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
      .join('')}`,
  );
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * A valid one-page PDF that also holds `objects` small dictionaries no page uses: a few megabytes that a PDF parser
 * needs seconds of CPU to read, as a real document with a large structure does.
 */
export function manyObjectsPdf(objects: number): Uint8Array {
  const parts: string[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = length;
    add(`${n} 0 obj\n${body}\nendobj\n`);
  };
  add('%PDF-1.7\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>');
  for (let n = 4; n < objects + 4; n += 1) object(n, `<< /K [${n} 1 2] /N /x${n} >>`);
  const xref = length;
  const size = objects + 4;
  add(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let n = 1; n < size; n += 1) add(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new TextEncoder().encode(parts.join(''));
}
