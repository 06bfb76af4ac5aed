import { formatPhoneInternational, type TLanguage, type TPortingHolder } from '@faxline/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { A4, MARGIN, pageWriter, wrap } from '../billing/invoice-pdf';
import { translator } from '../platform/i18n/i18n';

export type SignedLoa = {
  language: TLanguage;
  numbers: string[];
  holder: TPortingHolder;
  signedName: string;
  /** The day the signer gave (YYYY-MM-DD). */
  signedOn: string;
  /** When and from where it was signed, for the record at its foot. */
  signedAt: Date;
  ip: string | null;
  /** Faxline's name as the system settings give it (the site name): whom the letter authorises. */
  sellerName: string;
  reference: string;
};

const WIDTH = A4[0] - 2 * MARGIN;

/**
 * The letter of authorisation as a PDF, in the signer's language: whom it authorises, the numbers, the holder as on
 * the bill, and the typed signature with its day; the losing carrier reads it, so it says everything on one page.
 */
export async function loaPdf(signed: SignedLoa): Promise<Uint8Array> {
  const t = translator(signed.language);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(t('porting.loa.title'));
  pdf.setSubject(signed.numbers.join(', '));
  pdf.setProducer(signed.sellerName);
  pdf.setLanguage(signed.language);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer = pageWriter(pdf, regular);
  const paragraph = (value: string, size = 10) => {
    for (const line of wrap(writer.clean(value), regular, size, WIDTH)) {
      writer.text(line, regular, size);
      writer.down(size + 4);
    }
    writer.down(6);
  };

  writer.text(signed.sellerName, bold, 11);
  writer.down(30);
  writer.text(t('porting.loa.title'), bold, 18);
  writer.down(24);
  paragraph(t('porting.loa.authorise', { holder: signed.holder.name, carrier: signed.holder.currentProvider, seller: signed.sellerName }));
  writer.text(t('porting.loa.numbers'), bold, 11);
  writer.down(16);
  for (const number of signed.numbers) {
    writer.text(formatPhoneInternational(number), regular, 10, MARGIN + 12);
    writer.down(14);
  }
  writer.down(10);
  writer.text(t('porting.loa.holderHeading'), bold, 11);
  writer.down(16);
  const { holder } = signed;
  const facts: [string, string][] = [
    [t('porting.loa.holder'), holder.name],
    [t('porting.loa.provider'), holder.currentProvider],
    [t('porting.loa.accountNumber'), holder.accountNumber],
    [t('porting.loa.address'), [holder.street, holder.city, holder.region, holder.postalCode, holder.country].filter(Boolean).join(', ')],
  ];
  for (const [label, value] of facts) {
    writer.text(label, bold, 10);
    for (const line of wrap(writer.clean(value), regular, 10, WIDTH - 150)) {
      writer.text(line, regular, 10, MARGIN + 150);
      writer.down(14);
    }
  }
  writer.down(10);
  paragraph(t('porting.loa.statement'));
  writer.text(t('porting.loa.signedHeading'), bold, 11);
  writer.down(18);
  const day = new Intl.DateTimeFormat(signed.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${signed.signedOn}T00:00:00Z`),
  );
  for (const [label, value] of [
    [t('porting.loa.signature'), signed.signedName],
    [t('porting.loa.date'), day],
  ] as const) {
    writer.text(label, bold, 10);
    writer.text(value, regular, 10, MARGIN + 150);
    writer.down(16);
  }
  writer.down(8);
  paragraph(t('porting.loa.electronic', { at: signed.signedAt.toISOString(), ip: signed.ip ?? '-', reference: signed.reference }), 8);
  return pdf.save({ useObjectStreams: false });
}
