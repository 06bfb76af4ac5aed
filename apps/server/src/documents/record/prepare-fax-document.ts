import type { TFaxQuality } from '@faxline/shared';
import { ConversionError } from '../convert/convert-to-pdf';
import { DEFAULT_CONVERTER_LIMITS } from '../convert/converter-box';
import type { RecordInput } from './document-record';
import { makeRecordInThread } from '../threads/document-threads';
import type { FileStore, StoredFile } from '../../platform/files/encrypted-file-store';
import { renderFaxImage, renderThumbnail, type FaxImage } from '../fax-image/render-fax-image';

export type FaxDocument = {
  /** The document of record: cover first, then every file in order. */
  pdf: Uint8Array;
  pages: number;
  image: FaxImage;
  thumbnail: Uint8Array;
};

type FaxDocumentInput = RecordInput & { quality: TFaxQuality };

/**
 * From uploaded files to what the fax line sends, each step done once: every file is opened or converted straight
 * into the document of record (a PDF is parsed once, for its check, its page count and its pages), the optional cover
 * page goes in front, the record is saved once, and a warm Ghostscript renders the fax image at the chosen
 * quality (a long record split among the idle ones); the page count and the thumbnail are read from that image.
 */
export async function prepareFaxDocument(input: FaxDocumentInput): Promise<FaxDocument> {
  const made = await renderFaxDocument(input);
  return { ...made, thumbnail: await renderThumbnail(made.image) };
}

/** The same without the thumbnail (which decodes the fax image's first page): what the send page's preview needs. */
export async function renderFaxDocument(input: FaxDocumentInput): Promise<Omit<FaxDocument, 'thumbnail'>> {
  const { record, rendering } = startFaxDocument(input);
  return bothMade(record, rendering);
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
 * The record and the fax image, both under way: a warm Ghostscript takes the record once it is saved (decision 124).
 * The record is made in a document thread (pdf-lib works in long synchronous stretches, and decodes every image).
 */
function startFaxDocument(input: FaxDocumentInput) {
  const limits = input.limits ?? DEFAULT_CONVERTER_LIMITS;
  const record = Promise.resolve().then(() => makeRecordInThread({ files: input.files, cover: input.cover, limits }));
  const rendering = renderFaxImage(
    record.then((made) => made.pdf),
    input.quality,
    input.limits,
    // The page count lets a long record be rendered in parts, by the renderers idle at the time.
    record.then((made) => made.pages),
  );
  // Both are awaited by the caller; a failure of one is reported from there, not as unhandled.
  record.catch(() => {});
  rendering.catch(() => {});
  return { record, rendering };
}

/** Both settled before returning, so that a failed record has no rendering left under way. */
async function bothMade(record: ReturnType<typeof makeRecordInThread>, rendering: Promise<FaxImage>) {
  const [made, rendered] = await Promise.allSettled([record, rendering]);
  if (made.status === 'rejected') throw made.reason;
  if (rendered.status === 'rejected') throw rendered.reason;
  const { pdf, pages } = made.value;
  const image = rendered.value;
  if (image.pages !== pages)
    throw new ConversionError('unconvertible', `The fax image has ${image.pages} pages where the document has ${pages}.`);
  return { pdf, pages, image };
}
