import { PDFDocument } from 'pdf-lib';
import { appendAsPages, ConversionError } from '../convert/convert-to-pdf';
import type { ConverterLimits } from '../convert/converter-box';
import { insertCoverPages, type CoverPage } from '../cover-page/cover-page';
import type { DocumentType } from '../inspect/detect-file-type';
import { makeInert } from '../convert/sanitize-pdf';

export type RecordInput = {
  files: Array<{ bytes: Uint8Array; type: DocumentType; name?: string }>;
  cover: Omit<CoverPage, 'documentPages'> | null;
  /** The converters' box (default: its defaults). */
  limits?: ConverterLimits;
};

/**
 * The document of record: every file opened or converted straight into one PDF (a PDF is parsed once, for its check,
 * its page count and its pages; images are decoded here), the optional cover page in front, made inert and saved
 * once. Long synchronous work: it runs in a document thread (document-threads.ts), never on a process's event loop.
 */
export async function makeRecord(input: RecordInput): Promise<{ pdf: Uint8Array; pages: number }> {
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
  // Without object streams: each would be compressed on its own, which costs more than the few hundred bytes it saves.
  return { pdf: await record.save({ useObjectStreams: false }), pages: record.getPageCount() };
}
