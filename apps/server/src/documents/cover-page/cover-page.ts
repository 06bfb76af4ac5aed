import { formatPhoneInternational, type TLanguage } from '@faxline/shared';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { translator } from '../../platform/i18n/i18n';
import { A4 } from '../convert/convert-to-pdf';
import { documentFont, wrapText } from '../fonts/pdf-fonts';

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
// Building a date format costs far more than using one.
const dateFormats = new Map<TLanguage, Intl.DateTimeFormat>();
const dateFormat = (language: TLanguage) => {
  let format = dateFormats.get(language);
  if (!format)
    dateFormats.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' })));
  return format;
};

type Fonts = { regular: PDFFont; bold: PDFFont };
/** What to draw on each cover page, decided before any page exists. */
type Layout = Array<Array<(page: PDFPage) => void>>;

/**
 * The generated cover sheet (DESIGN.md "Cover page"), in the sender's language, inserted before the pages already in
 * `pdf`. A long message continues on further cover pages rather than being cut; the page count printed on it includes
 * them. Returns the number of cover pages.
 */
export async function insertCoverPages(pdf: PDFDocument, cover: CoverPage): Promise<number> {
  const t = translator(cover.language);
  const rows = coverRows(cover);
  // Every string the cover may print (the page total is digits), so that the fonts chosen cover them all.
  const text = [t('cover.title'), t('cover.message'), t('cover.confidential'), ...rows.flat(), cover.message ?? '', '0123456789'].join(
    '\n',
  );
  const [regular, bold] = await Promise.all([documentFont(pdf, 'regular', text), documentFont(pdf, 'bold', text)]);
  const fonts = { regular, bold };
  // The cover's own length is part of the total it prints: lay out once to learn it, again if it is not one page.
  let layout = layoutCover(cover, rows, fonts, cover.documentPages + 1);
  if (layout.length > 1) layout = layoutCover(cover, rows, fonts, cover.documentPages + layout.length);
  layout.forEach((draws, index) => {
    const page = pdf.insertPage(index, [A4.width, A4.height]);
    for (const draw of draws) draw(page);
  });
  return layout.length;
}

/** The labelled lines under the title: sender, recipient, date, pages (null: the layout knows the total), subject. */
function coverRows(cover: CoverPage): Array<[string, string | null]> {
  const t = translator(cover.language);
  // A broadcast's one cover page names no recipient (decision 111): it has no To line.
  const to = [cover.recipientName, cover.recipientNumber && formatPhoneInternational(cover.recipientNumber)].filter(Boolean).join(' · ');
  return [
    [t('cover.from'), [cover.senderName, cover.senderNumber && formatPhoneInternational(cover.senderNumber)].filter(Boolean).join(' · ')],
    ...(to ? [[t('cover.to'), to] as [string, string]] : []),
    [t('cover.date'), dateFormat(cover.language).format(cover.date)],
    [t('cover.pages'), null],
    ...(cover.subject ? [[t('cover.subject'), cover.subject] as [string, string]] : []),
  ];
}

function layoutCover(cover: CoverPage, rows: Array<[string, string | null]>, { regular, bold }: Fonts, totalPages: number): Layout {
  const t = translator(cover.language);
  const layout: Layout = [[]];
  const draw = (op: (page: PDFPage) => void) => layout[layout.length - 1]!.push(op);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;

  const title = t('cover.title');
  const titleY = (y -= 40);
  draw((page) => page.drawText(title, { x: MARGIN, y: titleY, size: 36, font: bold }));
  const ruleY = (y -= 16);
  draw((page) =>
    page.drawLine({ start: { x: MARGIN, y: ruleY }, end: { x: A4.width - MARGIN, y: ruleY }, thickness: 2, color: rgb(0, 0, 0) }),
  );
  y -= 12;

  for (const [label, given] of rows) {
    const value = given ?? String(totalPages);
    const rowY = (y -= 26);
    draw((page) => page.drawText(label, { x: MARGIN, y: rowY, size: 12, font: bold }));
    const lines = wrapText(value, regular, 12, width - 170);
    lines.forEach((line, i) => draw((page) => page.drawText(line, { x: MARGIN + 170, y: rowY - i * 15, size: 12, font: regular })));
    y -= (lines.length - 1) * 15;
  }

  if (cover.message) {
    const headingY = (y -= 40);
    const heading = t('cover.message');
    draw((page) => page.drawText(heading, { x: MARGIN, y: headingY, size: 12, font: bold }));
    y -= 8;
    for (const line of wrapText(cover.message, regular, 12, width)) {
      if (y < MARGIN + 80) {
        layout.push([]);
        y = A4.height - MARGIN;
      }
      const lineY = (y -= 16);
      draw((page) => page.drawText(line, { x: MARGIN, y: lineY, size: 12, font: regular }));
    }
  }

  const notice = wrapText(t('cover.confidential'), regular, 9, width);
  notice.forEach((line, i) =>
    draw((page) => page.drawText(line, { x: MARGIN, y: MARGIN + (notice.length - 1 - i) * 11, size: 9, font: regular })),
  );
  return layout;
}
