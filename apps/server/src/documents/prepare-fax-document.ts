import type { TFaxQuality } from '@faxline/shared';
import { PDFDocument } from 'pdf-lib';
import { appendAsPages, ConversionError } from './convert-to-pdf';
import type { ConverterLimits } from './converter-box';
import { insertCoverPages, type CoverPage } from './cover-page';
import type { DocumentType } from './detect-file-type';
import { renderFaxImage, renderThumbnail, type FaxImage } from './render-fax-image';
import { makeInert } from './sanitize-pdf';

export type FaxDocument = {
  /** The document of record: cover first, then every file in order. */
  pdf: Uint8Array;
  pages: number;
  image: FaxImage;
  thumbnail: Uint8Array;
};

/**
 * From uploaded files to what the fax line sends, each step done once: every file is opened or converted straight
 * into the document of record (a PDF is parsed once, for its check, its page count and its pages), the optional cover
 * page goes in front, the record is saved once, and one Ghostscript pass renders the fax image at the chosen
 * quality; the page count and the thumbnail are read from that image. Ghostscript is started first, so that its
 * start-up overlaps the making of the record.
 */
export async function prepareFaxDocument(input: {
  files: Array<{ bytes: Uint8Array; type: DocumentType; name?: string }>;
  cover: Omit<CoverPage, 'documentPages'> | null;
  quality: TFaxQuality;
  /** The converters' box (default: its defaults). */
  limits?: ConverterLimits;
}): Promise<FaxDocument> {
  const record = makeRecord(input);
  const rendering = renderFaxImage(
    record.then((made) => made.pdf),
    input.quality,
    input.limits,
  );
  // Both settle before returning, so that a failed record has stopped Ghostscript and removed its files.
  const [made, rendered] = await Promise.allSettled([record, rendering]);
  if (made.status === 'rejected') throw made.reason;
  if (rendered.status === 'rejected') throw rendered.reason;
  const { pdf, pages } = made.value;
  const image = rendered.value;
  if (image.pages !== pages)
    throw new ConversionError('unconvertible', `The fax image has ${image.pages} pages where the document has ${pages}.`);
  return { pdf, pages, image, thumbnail: await renderThumbnail(image) };
}

async function makeRecord(input: Parameters<typeof prepareFaxDocument>[0]): Promise<{ pdf: Uint8Array; pages: number }> {
  const record = await PDFDocument.create();
  let documentPages = 0;
  for (const file of input.files) {
    try {
      documentPages += await appendAsPages(record, file.bytes, file.type, input.limits);
    } catch (error) {
      if (error instanceof ConversionError) error.file = file.name;
      throw error;
    }
  }
  if (input.cover) await insertCoverPages(record, { ...input.cover, documentPages });
  // Copied pages came in inert (appendAsPages); this takes off what pdf-lib adds (empty /Annots) and guards the catalog.
  makeInert(record);
  return { pdf: await record.save(), pages: record.getPageCount() };
}
