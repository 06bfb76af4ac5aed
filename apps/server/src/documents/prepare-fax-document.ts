import type { TFaxQuality } from '@faxline/shared';
import { ConversionError, convertToPdf, inspectPdf, mergePdfs } from './convert-to-pdf';
import { renderCoverPage, type CoverPage } from './cover-page';
import type { DocumentType } from './detect-file-type';
import { renderFaxImage, renderThumbnail, type FaxImage } from './render-fax-image';

export type FaxDocument = {
  /** The document of record: cover first, then every file in order. */
  pdf: Uint8Array;
  pages: number;
  image: FaxImage;
  thumbnail: Uint8Array;
};

/**
 * From uploaded files to what the fax line sends: each file becomes PDF, the optional cover page goes first, all are
 * merged into the document of record, and Ghostscript renders the fax image at the chosen quality.
 */
export async function prepareFaxDocument(input: {
  files: Array<{ bytes: Uint8Array; type: DocumentType; name?: string }>;
  cover: Omit<CoverPage, 'documentPages'> | null;
  quality: TFaxQuality;
}): Promise<FaxDocument> {
  const parts: Uint8Array[] = [];
  let documentPages = 0;
  for (const file of input.files) {
    try {
      const pdf = await convertToPdf(file.bytes, file.type);
      documentPages += await inspectPdf(pdf);
      parts.push(pdf);
    } catch (error) {
      if (error instanceof ConversionError) error.file = file.name;
      throw error;
    }
  }
  if (input.cover) parts.unshift((await renderCoverPage({ ...input.cover, documentPages })).pdf);
  const pdf = await mergePdfs(parts);
  const [image, thumbnail, pages] = await Promise.all([renderFaxImage(pdf, input.quality), renderThumbnail(pdf), inspectPdf(pdf)]);
  return { pdf, pages, image, thumbnail };
}
