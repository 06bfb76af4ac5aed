import { PDFCrossRefSection, PDFDocument, PDFTrailer, PDFTrailerDict, type PDFObject, type PDFRef } from 'pdf-lib';

/**
 * Changes a PDF by an incremental update (ISO 32000-1, 7.5.6), as PDF signing tools do: the original bytes stay as they
 * are, and after them come the new and changed objects, a cross-reference section for them, and a trailer that points
 * back to the original's (/Prev). `edit` changes the loaded document and names the objects it changed that already
 * existed; every object it adds is written too.
 *
 * The original must end with a classic cross-reference table (pdf-lib's `useObjectStreams: false`), so that the update
 * can be one too: the form every reader follows.
 */
export async function appendIncrementalUpdate(
  original: Uint8Array,
  edit: (document: PDFDocument) => Promise<PDFRef[]>,
): Promise<Uint8Array> {
  const previousXref = lastXrefOffset(original);
  const document = await PDFDocument.load(original, { updateMetadata: false });
  const { context } = document;
  const existing = context.largestObjectNumber;
  const changed = await edit(document);
  await document.flush();
  const objects: [PDFRef, PDFObject][] = [
    ...changed.map((ref): [PDFRef, PDFObject] => [ref, context.lookup(ref)!]),
    ...context.enumerateIndirectObjects().filter(([ref]) => ref.objectNumber > existing),
  ].sort(([a], [b]) => a.objectNumber - b.objectNumber);

  const chunks: Uint8Array[] = [Buffer.from('\n')];
  let offset = original.length + 1;
  const xref = PDFCrossRefSection.create();
  for (const [ref, object] of objects) {
    xref.addEntry(ref, offset);
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    for (const chunk of [Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`), body, Buffer.from('\nendobj\n')]) {
      chunks.push(chunk);
      offset += chunk.length;
    }
  }
  const trailer = context.obj({
    Size: context.largestObjectNumber + 1,
    Root: context.trailerInfo.Root,
    Encrypt: context.trailerInfo.Encrypt,
    Info: context.trailerInfo.Info,
    ID: context.trailerInfo.ID,
    Prev: previousXref,
  });
  chunks.push(
    Buffer.from(
      `${xref.toString()}${PDFTrailerDict.of(trailer).toString()}\n${PDFTrailer.forLastCrossRefSectionOffset(offset).toString()}\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat([original, ...chunks]));
}

/** Where the file's last cross-reference section starts: the number after its final `startxref`. */
function lastXrefOffset(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 1024))).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  const offset = Number(match?.[1] ?? Number.NaN);
  if (!match || Buffer.from(pdf.subarray(offset, offset + 4)).toString('latin1') !== 'xref') {
    throw new Error('an incremental update needs a PDF that ends with a classic cross-reference table');
  }
  return offset;
}
