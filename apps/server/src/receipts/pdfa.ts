import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';

/**
 * What makes a pdf-lib document PDF/A-3b (ISO 19005-3, level B): XMP metadata naming the part and conformance and
 * agreeing with the document information dictionary, an output intent with an ICC profile for the colours the pages
 * use (sRGB: text is DeviceRGB black, fax pages DeviceGray), and a file identifier. The fonts must be embedded by the
 * caller (documents/fonts), and nothing transparent drawn. Part 3 rather than 2: the signed facts travel as an
 * attached JSON file (decision 070), which only part 3 allows (decision 123).
 */

/** Ghostscript's sRGB profile (Debian's libgs-common, which ghostscript depends on; setup.sh installs it). */
const SRGB_PROFILE = '/usr/share/color/icc/ghostscript/srgb.icc';
let profile: Promise<Buffer> | null = null;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function makePdfA(pdf: PDFDocument, info: { title: string; producer: string; at: Date }): Promise<void> {
  const { context, catalog } = pdf;
  // Seconds only, and in UTC: the information dictionary's dates and XMP's must be the same instant to the second.
  const at = new Date(Math.floor(info.at.getTime() / 1000) * 1000);
  pdf.setTitle(info.title);
  pdf.setProducer(info.producer);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const iso = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const metadata = [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">',
    '<pdfaid:part>3</pdfaid:part>',
    '<pdfaid:conformance>B</pdfaid:conformance>',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(info.title)}</rdf:li></rdf:Alt></dc:title>`,
    `<xmp:CreateDate>${iso}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${iso}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${iso}</xmp:MetadataDate>`,
    `<pdf:Producer>${xml(info.producer)}</pdf:Producer>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
  // Not compressed: a reader of the archive finds it without a PDF library.
  const metadataStream = context.stream(Buffer.from(metadata, 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(metadataStream));

  profile ??= readFile(SRGB_PROFILE).catch((error: unknown) => {
    profile = null;
    throw error;
  });
  const icc = context.flateStream(await profile, { N: 3 });
  catalog.set(
    PDFName.of('OutputIntents'),
    context.obj([
      context.obj({
        Type: 'OutputIntent',
        S: 'GTS_PDFA1',
        OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
        Info: PDFString.of('sRGB IEC61966-2.1'),
        DestOutputProfile: context.register(icc),
      }),
    ]),
  );
  const id = PDFHexString.of(randomBytes(16).toString('hex'));
  context.trailerInfo.ID = context.obj([id, id]);
}
