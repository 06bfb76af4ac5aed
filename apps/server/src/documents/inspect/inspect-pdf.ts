import { constants, createInflate } from 'node:zlib';
import { PDFArray, PDFContext, PDFDict, PDFDocument, PDFName, PDFObjectParser, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/**
 * The most that a PDF's object streams and cross-reference streams may unpack to. They hold the document's structure
 * (page, annotation and form dictionaries), never its pictures or page content, so a real document of our largest
 * size stays well below this. pdf-lib unpacks and parses them whole, synchronously, while loading: without a limit a
 * few kilobytes could become gigabytes, and at this limit loading still takes a few seconds at most.
 */
export const MAX_PDF_STRUCTURE_MB = 20;
/** Dictionaries the active-content walk may visit; past this the file is treated as damaged rather than walked on. */
const MAX_WALK_VISITS = 500_000;

export type PdfInspection =
  | { verdict: 'ok'; pages: number }
  | { verdict: 'encrypted' | 'damaged' | 'active-content' }
  | { verdict: 'unpacks-too-large'; limitMB: number };

const name = (value: string) => PDFName.of(value);
const OBJ_STM = name('ObjStm');
const XREF = name('XRef');
const FLATE = name('FlateDecode');
const JAVASCRIPT = name('JavaScript');
const LAUNCH = name('Launch');
const WIDGET = name('Widget');

type StructureSize = 'within' | 'too-large' | 'unreadable';

/** "obj" keywords that start an indirect object (not the end of "endobj"), the only places a stream can begin. */
const OBJECT_START = /(?<!end)obj/g;

/**
 * Measures, before pdf-lib loads the file, what its object and cross-reference streams unpack to. Each object that
 * may be a stream is parsed with pdf-lib's own object parser (so names, strings and lengths read exactly as pdf-lib
 * will read them), and each such stream is inflated by zlib off the main thread, counting and keeping nothing, until
 * the budget is passed.
 */
async function measureStructureStreams(bytes: Uint8Array): Promise<StructureSize> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const context = PDFContext.create();
  let budget = MAX_PDF_STRUCTURE_MB * 1024 * 1024;
  const after = (keyword: string, from: number) => {
    const at = text.indexOf(keyword, from);
    return at === -1 ? Infinity : at;
  };
  // The next "stream" and "endobj" after the current position, advanced monotonically so the scan stays linear.
  let nextStream = -1;
  let nextEnd = -1;
  for (const match of text.matchAll(OBJECT_START)) {
    const start = match.index + 3;
    if (nextStream < start) nextStream = after('stream', start);
    if (nextStream === Infinity) break;
    if (nextEnd < start) nextEnd = after('endobj', start);
    if (nextEnd < nextStream) continue; // this object ends before any stream starts
    let object: PDFObject;
    try {
      object = PDFObjectParser.forBytes(bytes.subarray(start), context).parseObject();
    } catch {
      continue; // not an object pdf-lib could read either
    }
    if (!(object instanceof PDFRawStream)) continue;
    const type = object.dict.get(name('Type'));
    // An indirect /Type could still resolve to /ObjStm while pdf-lib parses: measured as if it did.
    if (type !== OBJ_STM && type !== XREF && !(type instanceof PDFRef)) continue;
    const size = await unpackedSize(object, budget);
    if (size === 'unreadable' || size === 'too-large') return size;
    budget -= size;
  }
  return 'within';
}

async function unpackedSize(stream: PDFRawStream, budget: number): Promise<number | 'unreadable' | 'too-large'> {
  const filter = stream.dict.get(name('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter === undefined ? [] : [filter];
  if (filters.length === 0) return stream.contents.length > budget ? 'too-large' : stream.contents.length;
  // Real writers only ever deflate these streams; any other chain could not be measured without decoding it.
  if (filters.length !== 1 || filters[0] !== FLATE) return 'unreadable';
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let size = 0;
    const settle = (result: number | 'unreadable' | 'too-large') => {
      inflate.removeAllListeners('data');
      inflate.destroy();
      resolve(result);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) settle('too-large');
    });
    inflate.on('end', () => settle(size));
    inflate.on('error', () => settle('unreadable'));
    inflate.end(stream.contents);
  });
}

/**
 * Active content: JavaScript or Launch actions where a viewer runs them by itself or on a click: the document's
 * open action and additional actions, its JavaScript name tree, each page's additional actions, the actions of
 * annotations (links and the like) and of bookmarks. Form fields (widgets) are left to the later sanitising of forms,
 * except that a Launch action is refused there too. Every step is bounded: each dictionary is visited once, and the
 * walk gives up past MAX_WALK_VISITS.
 */
function hasActiveContent(pdf: PDFDocument): boolean {
  const { context, catalog } = pdf;
  let visits = 0;
  const resolve = (value: PDFObject | undefined) => (value instanceof PDFRef ? context.lookup(value) : value);
  const count = () => {
    visits += 1;
    if (visits > MAX_WALK_VISITS) throw new Error('PDF too complex to inspect');
  };

  const seenActions = new Set<PDFDict>();
  const isActiveAction = (first: PDFObject | undefined, launchOnly = false): boolean => {
    const pending: Array<PDFObject | undefined> = [first];
    while (pending.length > 0) {
      const action = resolve(pending.pop());
      if (action instanceof PDFArray) {
        for (const item of action.asArray()) pending.push(item);
        continue;
      }
      if (!(action instanceof PDFDict) || seenActions.has(action)) continue;
      seenActions.add(action);
      count();
      const kind = resolve(action.get(name('S')));
      if (kind === LAUNCH) return true;
      if (!launchOnly && (kind === JAVASCRIPT || action.has(name('JS')))) return true;
      pending.push(action.get(name('Next')));
    }
    return false;
  };
  const hasActiveTrigger = (holder: PDFDict, launchOnly = false): boolean => {
    if (isActiveAction(holder.get(name('A')), launchOnly)) return true;
    const additional = resolve(holder.get(name('AA')));
    if (!(additional instanceof PDFDict)) return false;
    return additional.values().some((action) => isActiveAction(action, launchOnly));
  };

  const openAction = resolve(catalog.get(name('OpenAction')));
  if (openAction instanceof PDFDict && isActiveAction(openAction)) return true;
  if (hasActiveTrigger(catalog)) return true;
  const names = resolve(catalog.get(name('Names')));
  if (names instanceof PDFDict && nameTreeHasEntries(resolve(names.get(JAVASCRIPT)), resolve, count)) return true;

  for (const page of pdf.getPages()) {
    count();
    if (hasActiveTrigger(page.node)) return true;
    const annotations = resolve(page.node.get(name('Annots')));
    if (!(annotations instanceof PDFArray)) continue;
    for (const item of annotations.asArray()) {
      const annotation = resolve(item);
      if (!(annotation instanceof PDFDict)) continue;
      count();
      if (hasActiveTrigger(annotation, resolve(annotation.get(name('Subtype'))) === WIDGET)) return true;
    }
  }

  const outlines = resolve(catalog.get(name('Outlines')));
  const pendingItems: Array<PDFObject | undefined> = outlines instanceof PDFDict ? [outlines.get(name('First'))] : [];
  const seenItems = new Set<PDFDict>();
  while (pendingItems.length > 0) {
    const item = resolve(pendingItems.pop());
    if (!(item instanceof PDFDict) || seenItems.has(item)) continue;
    seenItems.add(item);
    count();
    if (isActiveAction(item.get(name('A')))) return true;
    pendingItems.push(item.get(name('Next')), item.get(name('First')));
  }
  return false;
}

/** Whether a name tree (its /Names arrays, through its /Kids) holds at least one entry. */
function nameTreeHasEntries(
  root: PDFObject | undefined,
  resolve: (value: PDFObject | undefined) => PDFObject | undefined,
  count: () => void,
): boolean {
  const pending: Array<PDFObject | undefined> = [root];
  const seen = new Set<PDFDict>();
  while (pending.length > 0) {
    const node = resolve(pending.pop());
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    count();
    const entries = resolve(node.get(name('Names')));
    if (entries instanceof PDFArray && entries.size() > 0) return true;
    const kids = resolve(node.get(name('Kids')));
    if (kids instanceof PDFArray) for (const kid of kids.asArray()) pending.push(kid);
  }
  return false;
}

/**
 * Everything the upload of a PDF checks, before anything is stored: that its structure does not unpack beyond
 * MAX_PDF_STRUCTURE_MB, that it opens, is not password-protected, has pages, and carries no active content.
 */
export async function inspectPdfUpload(bytes: Uint8Array): Promise<PdfInspection> {
  const size = await measureStructureStreams(bytes);
  if (size === 'too-large') return { verdict: 'unpacks-too-large', limitMB: MAX_PDF_STRUCTURE_MB };
  if (size === 'unreadable') {
    // An encrypted file's object streams are ciphertext: that is the problem to report, not damage.
    return { verdict: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt') ? 'encrypted' : 'damaged' };
  }
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return { verdict: 'damaged' };
  }
  if (pdf.isEncrypted) return { verdict: 'encrypted' };
  try {
    const pages = pdf.getPageCount();
    if (pages === 0) return { verdict: 'damaged' };
    if (hasActiveContent(pdf)) return { verdict: 'active-content' };
    return { verdict: 'ok', pages };
  } catch {
    return { verdict: 'damaged' };
  }
}
