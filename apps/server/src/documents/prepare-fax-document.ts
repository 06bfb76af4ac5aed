import type { TFaxQuality } from '@faxline/shared';
import { PDFDocument } from 'pdf-lib';
import { appendAsPages, ConversionError } from './convert-to-pdf';
import type { ConverterLimits } from './converter-box';
import { insertCoverPages, type CoverPage } from './cover-page';
import type { DocumentType } from './detect-file-type';
import type { FileStore, StoredFile } from './encrypted-file-store';
import { renderFaxImage, renderThumbnail, type FaxImage } from './render-fax-image';
import { makeInert } from './sanitize-pdf';

export type FaxDocument = {
  /** The document of record: cover first, then every file in order. */
  pdf: Uint8Array;
  pages: number;
  image: FaxImage;
  thumbnail: Uint8Array;
};

type FaxDocumentInput = {
  files: Array<{ bytes: Uint8Array; type: DocumentType; name?: string }>;
  cover: Omit<CoverPage, 'documentPages'> | null;
  quality: TFaxQuality;
  /** The converters' box (default: its defaults). */
  limits?: ConverterLimits;
};

/**
 * From uploaded files to what the fax line sends, each step done once: every file is opened or converted straight
 * into the document of record (a PDF is parsed once, for its check, its page count and its pages), the optional cover
 * page goes in front, the record is saved once, and one Ghostscript pass renders the fax image at the chosen
 * quality; the page count and the thumbnail are read from that image. Ghostscript is started first, so that its
 * start-up overlaps the making of the record.
 */
export async function prepareFaxDocument(input: FaxDocumentInput): Promise<FaxDocument> {
  const { record, rendering } = startFaxDocument(input);
  const { pdf, pages, image } = await bothMade(record, rendering);
  return { pdf, pages, image, thumbnail: await renderThumbnail(image) };
}

export type KeptFaxDocument = { pages: number; record: StoredFile; image: StoredFile; thumbnail: StoredFile };

/**
 * The same, kept encrypted in the file store as each part is ready: the record while Ghostscript renders, the fax
 * image while its thumbnail is drawn. On any failure, what was kept is removed again.
 */
export async function prepareAndKeepFaxDocument(
  input: FaxDocumentInput,
  files: Pick<FileStore, 'put' | 'remove'>,
): Promise<KeptFaxDocument> {
  const { record, rendering } = startFaxDocument(input);
  const parts = [
    record.then((made) => files.put(made.pdf)),
    rendering.then((image) => files.put(image.tiff)),
    rendering.then((image) => renderThumbnail(image)).then((thumbnail) => files.put(thumbnail)),
  ] as const;
  const kept = await Promise.allSettled(parts);
  try {
    const { pages } = await bothMade(record, rendering);
    const [keptRecord, keptImage, keptThumbnail] = kept.map((part) => {
      if (part.status === 'rejected') throw part.reason;
      return part.value;
    });
    return { pages, record: keptRecord!, image: keptImage!, thumbnail: keptThumbnail! };
  } catch (error) {
    await Promise.all(kept.map((part) => (part.status === 'fulfilled' ? files.remove(part.value.key) : undefined)));
    throw error;
  }
}

/**
 * The record and the fax image, both under way: Ghostscript is started first (its start-up takes as long as rendering
 * a dozen pages) and runs the record once it is saved. The record is made from the next microtask on, after the
 * spawn: pdf-lib works in long synchronous stretches that would otherwise hold back Ghostscript's start.
 */
function startFaxDocument(input: FaxDocumentInput) {
  const record = Promise.resolve().then(() => makeRecord(input));
  const rendering = renderFaxImage(
    record.then((made) => made.pdf),
    input.quality,
    input.limits,
  );
  // Both are awaited by the caller; a failure of one is reported from there, not as unhandled.
  record.catch(() => {});
  rendering.catch(() => {});
  return { record, rendering };
}

/** Both settled before returning, so that a failed record has stopped Ghostscript and removed its files. */
async function bothMade(record: ReturnType<typeof makeRecord>, rendering: Promise<FaxImage>) {
  const [made, rendered] = await Promise.allSettled([record, rendering]);
  if (made.status === 'rejected') throw made.reason;
  if (rendered.status === 'rejected') throw rendered.reason;
  const { pdf, pages } = made.value;
  const image = rendered.value;
  if (image.pages !== pages)
    throw new ConversionError('unconvertible', `The fax image has ${image.pages} pages where the document has ${pages}.`);
  return { pdf, pages, image };
}

async function makeRecord(input: FaxDocumentInput): Promise<{ pdf: Uint8Array; pages: number }> {
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
