import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { appendAsPages } from './convert-to-pdf';
import { makeInert } from './sanitize-pdf';

const PRINT = 4;
const HIDDEN = 2;

/** A page with a web link, a page action, and two stamps drawn by their appearance: one printed, one hidden. */
async function pageWithAnnotations(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText('Referral', { x: 60, y: 760, size: 28, font });
  const stamp = (text: string) =>
    pdf.context.register(
      pdf.context.stream(`BT /F1 12 Tf 2 4 Td (${text}) Tj ET`, {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 100, 20],
        Resources: { Font: { F1: font.ref } },
      }),
    );
  const annotations = [
    { Type: 'Annot', Subtype: 'Link', Rect: [60, 740, 300, 790], A: { S: 'URI', URI: PDFString.of('https://example.com/') } },
    { Type: 'Annot', Subtype: 'Stamp', Rect: [60, 500, 260, 540], F: PRINT, AP: { N: stamp('Approved') } },
    { Type: 'Annot', Subtype: 'Stamp', Rect: [60, 400, 260, 440], F: PRINT | HIDDEN, AP: { N: stamp('Draft') } },
  ];
  for (const annotation of annotations) page.node.addAnnot(pdf.context.register(pdf.context.obj(annotation)));
  page.node.set(PDFName.of('AA'), pdf.context.obj({ O: { S: 'URI', URI: PDFString.of('https://example.com/open') } }));
  return pdf.save();
}

describe('the document of record is inert', () => {
  it('keeps only what draws a page: printed appearances go into the content, annotations and actions are not copied', async () => {
    const record = await PDFDocument.create();
    expect(await appendAsPages(record, await pageWithAnnotations(), 'pdf')).toBe(1);
    makeInert(record);

    const page = record.getPage(0);
    expect(
      page.node
        .keys()
        .map((key) => key.decodeText())
        .sort(),
    ).toEqual(['Contents', 'MediaBox', 'Parent', 'Resources', 'Type']);
    expect(record.catalog.keys().map((key) => key.decodeText())).toEqual(['Type', 'Pages']);
    // Only the printed, visible stamp is drawn: one form XObject added to the page's resources.
    const xObjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    expect(xObjects.keys()).toHaveLength(1);
    // No annotation or action was copied into the record at all, not even unreferenced.
    const types = record.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of('Type'))?.toString() : undefined));
    expect(types).not.toContain('/Annot');
    const saved = Buffer.from(await record.save({ useObjectStreams: false })).toString('latin1');
    expect(saved).not.toMatch(/\/URI|\/Annots|\/AA\b|Draft/);
    expect(saved).toContain('Approved');
  });
});
