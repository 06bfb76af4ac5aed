import type { TLanguage } from '@faxline/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { translator } from '../platform/i18n/i18n';
import { baaTextOf } from './baa-text';
import { A4, MARGIN, pageWriter, wrap } from './invoice-pdf';

export type SignedBaa = {
  version: string;
  language: TLanguage;
  signerName: string;
  signerTitle: string;
  organisation: string;
  signedAt: Date;
  ip: string | null;
  /** Faxline's name as the system settings give it (the site name), at the page's head. */
  sellerName: string;
};

const WIDTH = A4[0] - 2 * MARGIN;

/** The signed business associate agreement as a PDF: the text of its version, then who signed it, as what, and when. */
export async function baaPdf(signed: SignedBaa): Promise<Uint8Array> {
  const t = translator(signed.language);
  const text = baaTextOf(signed.language);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${text.title} ${signed.version}`);
  pdf.setProducer(signed.sellerName);
  pdf.setLanguage(signed.language);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer = pageWriter(pdf, regular);

  writer.text(signed.sellerName, bold, 11);
  writer.down(30);
  writer.text(text.title, bold, 18);
  writer.down(20);
  writer.text(t('baa.version', { version: signed.version }), regular, 9);
  writer.down(22);
  for (const paragraph of text.paragraphs) {
    for (const line of wrap(writer.clean(paragraph), regular, 10, WIDTH)) {
      writer.text(line, regular, 10);
      writer.down(14);
    }
    writer.down(6);
  }
  writer.down(12);
  if (writer.wouldBreak(5 * 16 + 30)) writer.newPage();
  writer.text(t('baa.signedHeading'), bold, 11);
  writer.down(18);
  const day = new Intl.DateTimeFormat(signed.language, { dateStyle: 'long', timeZone: 'UTC' }).format(signed.signedAt);
  const facts: [string, string][] = [
    [t('baa.name'), signed.signerName],
    [t('baa.signerTitle'), signed.signerTitle],
    [t('baa.organisation'), signed.organisation],
    [t('baa.date'), day],
  ];
  for (const [label, value] of facts) {
    writer.text(label, bold, 10);
    writer.text(value, regular, 10, MARGIN + 120);
    writer.down(16);
  }
  writer.down(8);
  const record = t('baa.electronic', { at: signed.signedAt.toISOString(), ip: signed.ip ?? '-' });
  for (const line of wrap(writer.clean(record), regular, 8, WIDTH)) {
    writer.text(line, regular, 8);
    writer.down(11);
  }
  return pdf.save({ useObjectStreams: false });
}
