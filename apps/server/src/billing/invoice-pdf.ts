import type { TLanguage } from '@faxline/shared';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { translator } from '../platform/i18n/i18n';
import type { ProviderInvoice } from './billing-provider';

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 50;
const RIGHT = A4[0] - MARGIN;
/** The columns of the lines' table: description, period, quantity, amount (right-aligned at its edge). */
const COLUMNS = { description: MARGIN, period: 270, quantityRight: 450, amountRight: RIGHT };

export type InvoicePdfInput = {
  invoice: ProviderInvoice;
  /** The account owner's: the texts, the dates and the amounts' format. */
  language: TLanguage;
  /** Faxline's name on the page's head, from the system settings (the site name). */
  sellerName: string;
  /** Faxline as the seller: legal name, address, tax id, a line each (the system settings); empty: the site name. */
  sellerDetails: string;
  /** Payments went to a simulator or a provider's test mode: the invoice says so. */
  testMode: boolean;
};

/** How an amount in the currency's smallest unit is written in the reader's language ("1 900,00 $US" in French). */
export function formatInvoiceMoney(cents: number, currency: string, language: TLanguage): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  return format.format(cents / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/**
 * Faxline's own PDF of an invoice, in the account owner's language: its number and dates, the seller, the buyer as
 * the invoice names them, each line, and the totals as the provider computed them (never recomputed here).
 */
export async function invoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { invoice, language } = input;
  const t = translator(language);
  const money = (cents: number) => formatInvoiceMoney(cents, invoice.currency, language);
  const day = (date: Date, dateStyle: 'long' | 'medium' = 'long') =>
    new Intl.DateTimeFormat(language, { dateStyle, timeZone: 'UTC' }).format(date);
  const period = (start: Date, end: Date, dateStyle: 'long' | 'medium' = 'long') =>
    t('invoice.periodDates', { start: day(start, dateStyle), end: day(end, dateStyle) });

  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${t('invoice.title')} ${invoice.number ?? invoice.id}`);
  pdf.setProducer(input.sellerName);
  pdf.setLanguage(language);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer = pageWriter(pdf, regular);

  writer.text(input.sellerName, bold, 11);
  writer.down(30);
  writer.text(t('invoice.title'), bold, 20);
  writer.down(26);
  if (input.testMode) {
    writer.text(t('invoice.testMode'), bold, 9);
    writer.down(18);
  }
  const facts: [string, string][] = [
    [t('invoice.number'), invoice.number ?? '-'],
    [t('invoice.issuedAt'), day(invoice.issuedAt)],
    [t('invoice.period'), period(invoice.periodStart, invoice.periodEnd)],
    [t('invoice.status'), t(`invoice.statuses.${invoice.status}`)],
  ];
  for (const [label, value] of facts) {
    writer.text(label, bold, 9);
    writer.text(value, regular, 9, MARGIN + 110);
    writer.down(14);
  }
  writer.down(12);

  const { buyer } = invoice;
  const country = buyer.country ? (new Intl.DisplayNames([language], { type: 'region' }).of(buyer.country) ?? buyer.country) : null;
  const blocks: [string, string[]][] = [
    [t('invoice.seller'), sellerLines(input)],
    [
      t('invoice.billedTo'),
      [buyer.name ?? '', ...buyer.address, country ?? '', ...buyer.taxIds.map((taxId) => t('invoice.taxId', { taxId }))].filter(Boolean),
    ],
  ];
  const top = writer.y;
  let lowest = top;
  blocks.forEach(([heading, lines], index) => {
    writer.y = top;
    const x = index === 0 ? MARGIN : 300;
    writer.text(heading, bold, 9, x);
    writer.down(14);
    for (const line of lines) {
      writer.text(line, regular, 9, x);
      writer.down(13);
    }
    lowest = Math.min(lowest, writer.y);
  });
  writer.y = lowest - 14;

  const header = () => {
    writer.text(t('invoice.description'), bold, 9, COLUMNS.description);
    writer.text(t('invoice.linePeriod'), bold, 9, COLUMNS.period);
    writer.right(t('invoice.quantity'), bold, 9, COLUMNS.quantityRight);
    writer.right(t('invoice.amount'), bold, 9, COLUMNS.amountRight);
    writer.down(6);
    writer.rule();
    writer.down(14);
  };
  header();
  for (const line of invoice.lines) {
    const description = line.proration ? `${line.description} (${t('invoice.proration')})` : line.description;
    const wrapped = wrap(writer.clean(description), regular, 9, COLUMNS.period - COLUMNS.description - 12);
    if (writer.wouldBreak(wrapped.length * 12 + 6)) {
      writer.newPage();
      header();
    }
    writer.text(period(line.periodStart, line.periodEnd, 'medium'), regular, 8, COLUMNS.period);
    writer.right(String(line.quantity), regular, 9, COLUMNS.quantityRight);
    writer.right(money(line.amount), regular, 9, COLUMNS.amountRight);
    for (const part of wrapped) {
      writer.text(part, regular, 9, COLUMNS.description);
      writer.down(12);
    }
    writer.down(6);
  }
  writer.rule();
  writer.down(16);

  const totals: [string, string, PDFFont][] = [
    [t('invoice.subtotal'), money(invoice.subtotal), regular],
    ...(invoice.discount ? [[t('invoice.discount'), money(-invoice.discount), regular] as [string, string, PDFFont]] : []),
    [t('invoice.tax'), money(invoice.tax), regular],
    [t('invoice.total'), money(invoice.total), bold],
    [t('invoice.amountPaid'), money(invoice.amountPaid), regular],
    // What credit notes gave back of it (decision 091): the invoice stays as issued, its credit shown beside it.
    ...(invoice.credited ? [[t('invoice.credited'), money(-invoice.credited), regular] as [string, string, PDFFont]] : []),
    [t('invoice.amountDue'), money(invoice.amountDue), bold],
  ];
  if (writer.wouldBreak(totals.length * 15)) writer.newPage();
  for (const [label, value, font] of totals) {
    writer.right(label, font, 10, COLUMNS.quantityRight + 20);
    writer.right(value, font, 10, COLUMNS.amountRight);
    writer.down(15);
  }
  return pdf.save({ useObjectStreams: false });
}

function sellerLines(input: InvoicePdfInput): string[] {
  const lines = input.sellerDetails
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length ? lines : [input.sellerName];
}

/** Writes down A4 pages from the top, a new page when one is full; text the standard fonts cannot print becomes "?". */
export function pageWriter(pdf: PDFDocument, font: PDFFont) {
  const printable = new Set(font.getCharacterSet());
  // French and others group digits with narrow or thin spaces, which WinAnsi lacks: a no-break space prints instead.
  const clean = (value: string) =>
    [...value.replace(/[\u202f\u2009]/g, '\u00a0')].map((char) => (printable.has(char.codePointAt(0)!) ? char : '?')).join('');
  let page: PDFPage = pdf.addPage(A4);
  const writer = {
    y: A4[1] - MARGIN,
    clean,
    text(value: string, font: PDFFont, size: number, x = MARGIN) {
      page.drawText(clean(value), { x, y: writer.y, size, font, color: rgb(0, 0, 0) });
    },
    /** Text ending at `right` (amounts line up on their last digit). */
    right(value: string, font: PDFFont, size: number, right: number) {
      const text = clean(value);
      page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y: writer.y, size, font, color: rgb(0, 0, 0) });
    },
    rule() {
      page.drawLine({ start: { x: MARGIN, y: writer.y }, end: { x: RIGHT, y: writer.y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    },
    down(height: number) {
      writer.y -= height;
      if (writer.y < MARGIN) writer.newPage();
    },
    wouldBreak: (height: number) => writer.y - height < MARGIN,
    newPage() {
      page = pdf.addPage(A4);
      writer.y = A4[1] - MARGIN;
    },
  };
  return writer;
}

/** Splits text into lines no wider than `width`, at spaces (a word longer than the line stays whole). */
export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  return lines.length || line ? [...lines, line].filter(Boolean) : [''];
}
