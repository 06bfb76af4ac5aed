import type { TLanguage, TReceiptFacts } from '@faxline/shared';
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { translator } from '../platform/i18n/i18n';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** What the standard fonts can print (WinAnsi: Latin-1 and a few marks); anything else (a station id's) becomes "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff\u2019\u2013\u2014\u201c\u201d]/g, '?');

/**
 * The transmission report, one A4 page in the sender's language: the first page as it went down
 * the line, the call's facts, and the SHA-256 of each transmitted page. The signature is added after (receipt-signature.ts).
 */
export async function transmissionReportPdf(input: {
  facts: TReceiptFacts;
  thumbnailPng: Uint8Array | null;
  language: TLanguage;
  siteName: string;
  verifyUrl: string;
}): Promise<Uint8Array> {
  const { facts } = input;
  const t = translator(input.language);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${t('receipt.title')} ${facts.faxId}`);
  pdf.setProducer(input.siteName);
  let page = pdf.addPage(A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  let y = A4[1] - MARGIN;
  const text = (value: string, font: PDFFont, size: number, x = MARGIN) => {
    page.drawText(printable(value), { x, y, size, font, color: rgb(0, 0, 0) });
  };
  /** Moves down a line, onto a new page when this one is full (a long fax's page hashes). */
  const down = (height: number) => {
    y -= height;
    if (y < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };

  text(printable(input.siteName), bold, 11);
  y -= 26;
  text(t('receipt.title'), bold, 20);
  y -= 18;
  text(t('receipt.subtitle'), regular, 10);
  y -= 24;

  // The first page, as the receiving machine printed it, on the right.
  let thumbnailBottom = y;
  if (input.thumbnailPng) {
    const image = await pdf.embedPng(input.thumbnailPng);
    const width = 150;
    const height = (image.height / image.width) * width;
    page.drawImage(image, { x: A4[0] - MARGIN - width, y: y - height + 10, width, height });
    page.drawRectangle({ x: A4[0] - MARGIN - width, y: y - height + 10, width, height, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
    thumbnailBottom = y - height;
  }

  const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`;
  const rows: [string, string][] = [
    [t('receipt.status'), t(`receipt.statuses.${facts.status}`)],
    [t('receipt.to'), facts.toNumber],
    [t('receipt.remoteIdent'), facts.remoteIdent ?? '-'],
    // Reports issued before the check (decision 121) have none to show.
    ...(facts.stationCheck
      ? [
          [
            t('receipt.stationCheck'),
            t(`receipt.stationChecks.${facts.stationCheck.result}`, { expected: facts.stationCheck.expected }),
          ] as [string, string],
        ]
      : []),
    [t('receipt.from'), facts.fromNumber ?? '-'],
    [t('receipt.deliveredAt'), when(facts.deliveredAt)],
    [t('receipt.pages'), t('receipt.pagesValue', { confirmed: facts.pagesConfirmed, pages: facts.pages })],
    [t('receipt.speed'), facts.bitRate === null ? '-' : `${facts.bitRate} bit/s`],
    [t('receipt.ecm'), facts.ecm === null ? '-' : facts.ecm ? t('receipt.on') : t('receipt.off')],
    [t('receipt.lineTime'), `${(facts.lineMs / 1000).toFixed(1)} s`],
    [t('receipt.attempts'), String(facts.attempts.length)],
    [t('receipt.faxId'), facts.faxId],
    [t('receipt.issuedAt'), when(facts.issuedAt)],
  ];
  for (const [label, value] of rows) {
    text(label, bold, 9);
    text(value, regular, 9, MARGIN + 120);
    y -= 15;
  }
  y = Math.min(y, thumbnailBottom) - 20;

  text(t('receipt.attemptsHeading'), bold, 11);
  y -= 15;
  for (const attempt of facts.attempts) {
    const pages = attempt.pagesConfirmed > 0 ? `${attempt.firstPage}-${attempt.firstPage + attempt.pagesConfirmed - 1}` : '-';
    const code = attempt.completionCode === null ? '' : `, T.30 ${attempt.completionCode}`;
    text(`${attempt.number}. ${when(attempt.startedAt)}  ${t('receipt.pagesShort')} ${pages}  ${attempt.result}${code}`, regular, 8);
    y -= 12;
  }
  y -= 10;

  text(t('receipt.hashesHeading'), bold, 11);
  down(15);
  facts.pageSha256.forEach((hash, index) => {
    // Version 2 names the call that delivered each page (a retry sends only the pages not confirmed before).
    const call = facts.pageAttempts?.[index];
    const by = call === undefined ? '' : `${t('evidence.pageCall', { number: call }).padEnd(8)}  `;
    text(`${String(index + 1).padStart(3)}  ${by}${hash}`, mono, 7);
    down(9);
  });
  down(4);
  text(`${t('receipt.image')}: ${facts.imageSha256}`, mono, 7);
  down(24);

  for (const line of wrap(t('receipt.signedNote', { url: input.verifyUrl }), regular, 8, A4[0] - 2 * MARGIN)) {
    text(line, regular, 8);
    down(11);
  }
  // A classic cross-reference table: the signature's incremental update then is one too, the form every reader follows.
  return pdf.save({ useObjectStreams: false });
}

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(value).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
