import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
  type PDFDocument,
  type PDFPage,
} from 'pdf-lib';

/**
 * What may stay in a page of the document of record: what draws it. Everything else goes, above all /Annots (links,
 * form widgets, file attachments) and /AA (page actions), so that nothing copied into the record can act or carry a
 * file (docs/decisions/023). Inherited attributes (resources, boxes, rotation) are taken from the page tree by the copy.
 */
const PAGE_KEYS = new Set([
  'Type',
  'Parent',
  'Resources',
  'Contents',
  'MediaBox',
  'CropBox',
  'BleedBox',
  'TrimBox',
  'ArtBox',
  'Rotate',
  'Group',
  'UserUnit',
]);
/** The catalog of the record needs its page tree and nothing else: no /OpenAction, /AA, /AcroForm, /Names, /Outlines. */
const CATALOG_KEYS = new Set(['Type', 'Pages']);

const HIDDEN = 1 << 1;
const PRINT = 1 << 2;

/**
 * Makes the pages of a PDF inert before they are copied into the record: what an annotation prints (a filled form
 * field, a stamp) is drawn into the page content as a printer would, then every key that is not page content is
 * removed, so that the copy never reaches the annotations, their actions or their files.
 */
export function makePagesInert(pdf: PDFDocument): void {
  for (const page of pdf.getPages()) {
    flattenPrintedAnnotations(page);
    for (const key of page.node.keys()) if (!PAGE_KEYS.has(key.asString().slice(1))) page.node.delete(key);
  }
}

/** Makes a whole PDF inert: its pages as above, and its catalog kept to its page tree. */
export function makeInert(pdf: PDFDocument): void {
  makePagesInert(pdf);
  for (const key of pdf.catalog.keys()) if (!CATALOG_KEYS.has(key.asString().slice(1))) pdf.catalog.delete(key);
}

/** An entry of a dictionary, resolved; callers check its type (an uploaded PDF may hold anything anywhere). */
const entry = (dict: PDFDict, key: string | PDFName) => dict.context.lookup(dict.get(typeof key === 'string' ? PDFName.of(key) : key));

function flattenPrintedAnnotations(page: PDFPage): void {
  const { context } = page.doc;
  const annots = entry(page.node, 'Annots');
  if (!(annots instanceof PDFArray)) return;
  for (const item of annots.asArray()) {
    const annot = context.lookup(item);
    if (!(annot instanceof PDFDict)) continue;
    const flagsEntry = entry(annot, 'F');
    const flags = flagsEntry instanceof PDFNumber ? flagsEntry.asNumber() : 0;
    if ((flags & PRINT) === 0 || (flags & HIDDEN) !== 0) continue;
    const appearance = normalAppearance(annot);
    const rect = entry(annot, 'Rect');
    if (!appearance || !(rect instanceof PDFArray) || rect.size() !== 4) continue;
    const placement = appearanceMatrix(appearance.stream, numbersOf(annot, rect));
    if (!placement) continue;
    const ref = appearance.ref ?? context.register(appearance.stream);
    const name = page.node.newXObject('Annot', ref);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...placement), drawObject(name), popGraphicsState());
  }
}

/** The normal appearance stream, or for a field with states (a check box) the one of its current state. */
function normalAppearance(annot: PDFDict): { stream: PDFStream; ref?: PDFRef } | undefined {
  const ap = entry(annot, 'AP');
  if (!(ap instanceof PDFDict)) return undefined;
  let normal = ap.get(PDFName.of('N'));
  const states = entry(ap, 'N');
  // A stream is not a PDFDict in pdf-lib: a dictionary here is one of states.
  if (states instanceof PDFDict) {
    const state = entry(annot, 'AS');
    normal = state instanceof PDFName ? states.get(state) : undefined;
  }
  const stream = normal ? annot.context.lookup(normal) : undefined;
  if (!(stream instanceof PDFStream)) return undefined;
  return { stream, ref: normal instanceof PDFRef ? normal : undefined };
}

function numbersOf(owner: PDFDict, array: PDFArray): number[] {
  return array.asArray().map((item) => {
    const value = owner.context.lookup(item);
    return value instanceof PDFNumber ? value.asNumber() : NaN;
  });
}

/**
 * PDF 32000-1 12.5.5: the appearance's bounding box, transformed by its matrix, is fitted to the annotation's
 * rectangle. Returns the matrix that does it (the form's own /Matrix is applied when it is drawn).
 */
function appearanceMatrix(form: PDFStream, rect: number[]): [number, number, number, number, number, number] | undefined {
  const numbers = (name: string) => {
    const array = entry(form.dict, name);
    return array instanceof PDFArray ? numbersOf(form.dict, array) : undefined;
  };
  const bbox = numbers('BBox');
  if (!bbox || bbox.length !== 4 || [...bbox, ...rect].some((n) => !Number.isFinite(n))) return undefined;
  const m = numbers('Matrix') ?? [1, 0, 0, 1, 0, 0];
  if (m.length !== 6 || m.some((n) => !Number.isFinite(n))) return undefined;
  const [x0, y0, x1, y1] = bbox as [number, number, number, number];
  const corners = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ].map(([x, y]) => [m[0]! * x! + m[2]! * y! + m[4]!, m[1]! * x! + m[3]! * y! + m[5]!] as const);
  const left = Math.min(...corners.map((c) => c[0]));
  const right = Math.max(...corners.map((c) => c[0]));
  const bottom = Math.min(...corners.map((c) => c[1]));
  const top = Math.max(...corners.map((c) => c[1]));
  if (right - left <= 0 || top - bottom <= 0) return undefined;
  // The rectangle's corners may come in any order.
  const [a, b, c, d] = rect as [number, number, number, number];
  const sx = Math.abs(c - a) / (right - left);
  const sy = Math.abs(d - b) / (top - bottom);
  return [sx, 0, 0, sy, Math.min(a, c) - left * sx, Math.min(b, d) - bottom * sy];
}
