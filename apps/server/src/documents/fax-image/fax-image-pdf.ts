import { PDFDocument, PDFName } from 'pdf-lib';
import { readTiffPages, reverseBits, type TiffPage } from './fax-tiff';

/**
 * The fax image as a PDF, as the recipient's machine prints it (docs/decisions/023): one page per fax page, each page
 * exactly its image at the fax resolution. Nothing is rendered again: each page's CCITT Group 4 data goes into the PDF
 * as it is, an image XObject with /CCITTFaxDecode, so the PDF holds the very pixels that were sent.
 */
export async function faxImagePdf(image: { tiff: Uint8Array; xDpi: number; yDpi: number }): Promise<Uint8Array> {
  const pages = readTiffPages(image.tiff);
  if (pages.length === 0) throw new Error('The fax image has no page');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  for (const page of pages) {
    const xObject = pdf.context.register(
      pdf.context.stream(g4Data(image.tiff, page), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: page.width,
        Height: page.height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 1,
        Filter: 'CCITTFaxDecode',
        // K -1: pure two-dimensional coding (T.6). The coding's black runs are the TIFF's 1 bits; min-is-white (0)
        // makes them black, which is the filter's default; min-is-black (1) makes them white: BlackIs1 then says so.
        DecodeParms: { K: -1, Columns: page.width, Rows: page.height, BlackIs1: page.photometric === 1 },
      }),
    );
    const width = (page.width * 72) / image.xDpi;
    const height = (page.height * 72) / image.yDpi;
    // The page's resources and content written as they are (pdf-lib's drawing would add empty /Annots and the like).
    const pdfPage = pdf.addPage([width, height]);
    pdfPage.node.set(PDFName.of('Resources'), pdf.context.obj({ XObject: { Fax: xObject } }));
    pdfPage.node.set(PDFName.of('Contents'), pdf.context.register(pdf.context.stream(`q ${width} 0 0 ${height} 0 0 cm /Fax Do Q`)));
  }
  return pdf.save();
}

/**
 * A page's G4 data, as /CCITTFaxDecode reads it (most significant bit first). One strip only: each TIFF strip is coded
 * from its own imaginary white line, so strips cannot be joined into one stream. Ghostscript writes one per page.
 */
export function g4Data(tiff: Uint8Array, page: TiffPage): Uint8Array {
  if (page.compression !== 4) throw new Error(`TIFF compression ${page.compression} is not CCITT Group 4`);
  if (page.photometric !== 0 && page.photometric !== 1) throw new Error(`TIFF photometric ${page.photometric} is not bilevel`);
  const [strip, ...more] = page.strips;
  if (!strip || more.length > 0 || page.rowsPerStrip < page.height)
    throw new Error(`The fax image page has ${page.strips.length} strips; one strip per page is expected`);
  if (strip.offset + strip.length > tiff.length) throw new Error('TIFF strip out of the file');
  const data = tiff.slice(strip.offset, strip.offset + strip.length);
  if (page.fillOrder === 2) for (let i = 0; i < data.length; i += 1) data[i] = reverseBits(data[i]!);
  return data;
}
