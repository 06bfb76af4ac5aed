import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';

import { SCAN_RESOLUTION } from './fax-page';
import type { TBitImage } from './images';

const POINTS_PER_INCH = 72;

/** The bits of a page packed eight to a byte, each row starting on a byte, as a 1-bit PDF image holds them. */
export function packBits(image: TBitImage): Uint8Array {
  const rowBytes = Math.ceil(image.width / 8);
  const packed = new Uint8Array(rowBytes * image.height);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (image.data[y * image.width + x]) packed[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return packed;
}

/**
 * The scanned pages as one PDF, each page exactly the fax page (its dots at fine's resolution) holding its 1-bit
 * image, compressed (Flate): the server's renderer draws it dot for dot, so the fax is the preview.
 */
export async function makeScanPdf(pages: TBitImage[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const image of pages) {
    const xObject = pdf.context.flateStream(packBits(image), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: image.width,
      Height: image.height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
      // A set bit is a black dot.
      Decode: [1, 0],
    });
    const width = (image.width / SCAN_RESOLUTION.xDpi) * POINTS_PER_INCH;
    const height = (image.height / SCAN_RESOLUTION.yDpi) * POINTS_PER_INCH;
    const page = pdf.addPage([width, height]);
    const name = page.node.newXObject('Scan', pdf.context.register(xObject));
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, 0, 0), drawObject(name), popGraphicsState());
  }
  return pdf.save();
}
