import { formatPhoneInternational, type TLanguage } from '@faxline/shared';
import { PDFDocument, rgb } from 'pdf-lib';
import { translator } from '../platform/i18n/i18n';
import { A4 } from './convert-to-pdf';
import { embedFonts, wrapText } from './pdf-fonts';

export type CoverPage = {
  language: TLanguage;
  senderName: string;
  senderNumber: string | null;
  recipientName: string | null;
  recipientNumber: string;
  date: Date;
  /** Pages of the documents after the cover. */
  documentPages: number;
  subject: string | null;
  message: string | null;
};

const MARGIN = 56;

/**
 * The generated cover sheet (DESIGN.md "Cover page"), in the sender's language. A long message continues on further
 * cover pages rather than being cut; the page count printed on it includes them.
 */
export async function renderCoverPage(cover: CoverPage): Promise<{ pdf: Uint8Array; pages: number }> {
  const first = await layoutCover(cover, cover.documentPages + 1);
  if (first.pages === 1) return first;
  return layoutCover(cover, cover.documentPages + first.pages);
}

async function layoutCover(cover: CoverPage, totalPages: number): Promise<{ pdf: Uint8Array; pages: number }> {
  const t = translator(cover.language);
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedFonts(pdf);
  let page = pdf.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;

  page.drawText(t('cover.title'), { x: MARGIN, y: (y -= 40), size: 36, font: bold });
  page.drawLine({ start: { x: MARGIN, y: (y -= 16) }, end: { x: A4.width - MARGIN, y }, thickness: 2, color: rgb(0, 0, 0) });
  y -= 12;

  const dateText = new Intl.DateTimeFormat(cover.language, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(cover.date);
  const rows: Array<[string, string]> = [
    [t('cover.from'), [cover.senderName, cover.senderNumber && formatPhoneInternational(cover.senderNumber)].filter(Boolean).join(' · ')],
    [t('cover.to'), [cover.recipientName, formatPhoneInternational(cover.recipientNumber)].filter(Boolean).join(' · ')],
    [t('cover.date'), dateText],
    [t('cover.pages'), String(totalPages)],
    ...(cover.subject ? [[t('cover.subject'), cover.subject] as [string, string]] : []),
  ];
  for (const [label, value] of rows) {
    y -= 26;
    page.drawText(label, { x: MARGIN, y, size: 12, font: bold });
    const lines = wrapText(value, regular, 12, width - 170);
    lines.forEach((line, i) => page.drawText(line, { x: MARGIN + 170, y: y - i * 15, size: 12, font: regular }));
    y -= (lines.length - 1) * 15;
  }

  if (cover.message) {
    y -= 40;
    page.drawText(t('cover.message'), { x: MARGIN, y, size: 12, font: bold });
    y -= 8;
    for (const line of wrapText(cover.message, regular, 12, width)) {
      if (y < MARGIN + 80) {
        page = pdf.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y: (y -= 16), size: 12, font: regular });
    }
  }

  const notice = wrapText(t('cover.confidential'), regular, 9, width);
  notice.forEach((line, i) => page.drawText(line, { x: MARGIN, y: MARGIN + (notice.length - 1 - i) * 11, size: 9, font: regular }));
  return { pdf: await pdf.save(), pages: pdf.getPageCount() };
}
