import { FAX_RESOLUTIONS, type TFaxQuality, type TLanguage } from '@faxline/shared';
import { AFRelationship, PDFDocument, PDFName, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { g4Data } from '../documents/fax-image/fax-image-pdf';
import { readTiffPages } from '../documents/fax-image/fax-tiff';
import { documentFont, wrapText, type FontName } from '../documents/fonts/pdf-fonts';
import { translator } from '../platform/i18n/i18n';
import { indexInCarried, pageSha256, type DeliveryRecord } from './delivery-facts';
import { makePdfA } from './pdfa';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
/** Room above a fax page for the line that says which call carried it and its hash. */
const CAPTION = 22;

export type EvidenceAuditRow = {
  at: Date;
  action: string;
  outcome: string;
  actor: string | null;
  ip: string | null;
  details: object | null;
};

export type EvidencePackInput = {
  record: DeliveryRecord;
  quality: TFaxQuality;
  language: TLanguage;
  siteName: string;
  verifyUrl: string;
  key: { id: string; fingerprint: string };
  /** The fax's signed transmission report, attached as it was issued. */
  report: { bytes: Uint8Array; sha256: string };
  audit: EvidenceAuditRow[];
};

type Line = { text: string; font: FontName; size: number; before?: number };

/**
 * The evidence pack (decision 123), a PDF/A-3b for a court or an auditor: first the delivery's facts, which call
 * delivered each page and its SHA-256, the calls, the fax's audit trail and the key's fingerprint; then every page as
 * each call sent it (the very G4 data, as in the fax image PDF), under a line naming the call, the page and its hash;
 * the signed transmission report attached. Signed after, like the report (receipt-signature.ts).
 */
export async function evidencePackPdf(input: EvidencePackInput): Promise<Uint8Array> {
  const { facts } = input.record;
  const t = translator(input.language);
  const when = (value: string | Date) => `${new Date(value).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
  const lines: Line[] = [];
  const heading = (text: string) => lines.push({ text, font: 'bold', size: 12, before: 14 });
  const row = (label: string, value: string) => lines.push({ text: `${label}: ${value}`, font: 'regular', size: 9 });
  const mono = (text: string) => lines.push({ text, font: 'mono', size: 7.5 });

  lines.push({ text: input.siteName, font: 'bold', size: 11 });
  lines.push({ text: t('evidence.title'), font: 'bold', size: 20, before: 12 });
  lines.push({ text: t('evidence.subtitle'), font: 'regular', size: 9, before: 4 });

  heading(t('evidence.summary'));
  row(t('receipt.faxId'), facts.faxId);
  row(t('receipt.status'), t(`receipt.statuses.${facts.status}`));
  row(t('receipt.to'), facts.toNumber);
  row(t('receipt.remoteIdent'), facts.remoteIdent ?? '-');
  row(t('receipt.from'), facts.fromNumber ?? '-');
  row(t('receipt.deliveredAt'), when(facts.deliveredAt));
  row(t('receipt.pages'), t('receipt.pagesValue', { confirmed: facts.pagesConfirmed, pages: facts.pages }));
  row(t('receipt.lineTime'), `${(facts.lineMs / 1000).toFixed(1)} s`);
  row(t('receipt.issuedAt'), when(facts.issuedAt));

  heading(t('evidence.pagesHeading'));
  facts.pageSha256.forEach((hash, index) => {
    mono(`${t('evidence.page')} ${String(index + 1).padStart(3)}  ${t('evidence.call')} ${facts.pageAttempts?.[index] ?? '-'}  ${hash}`);
  });
  mono(`${t('receipt.image')}: ${facts.imageSha256}`);

  heading(t('evidence.callsHeading'));
  for (const attempt of input.record.attempts.filter((one) => one.result !== null)) {
    const pages = attempt.pagesSent > 0 ? `${attempt.firstPage}-${attempt.firstPage + attempt.pagesSent - 1}` : '-';
    const call = attempt.call;
    lines.push({ text: `${t('evidence.call')} ${attempt.number}`, font: 'bold', size: 9, before: 4 });
    row(t('evidence.started'), when(attempt.startedAt));
    row(t('evidence.ended'), attempt.endedAt ? when(attempt.endedAt) : '-');
    row(t('evidence.line'), attempt.line);
    row(t('evidence.result'), `${attempt.result}${call?.completionText ? ` (${call.completionText})` : ''}`);
    row(t('evidence.speed'), call?.bitRate ? `${call.bitRate} bit/s` : '-');
    row(t('evidence.remoteIdent'), call?.remoteIdent ?? '-');
    row(t('evidence.pagesSent'), pages);
  }

  heading(t('evidence.auditHeading'));
  if (input.audit.length === 0) row(t('evidence.auditEmpty'), '');
  for (const entry of input.audit) {
    const details = entry.details && Object.keys(entry.details).length > 0 ? ` ${JSON.stringify(entry.details).slice(0, 300)}` : '';
    lines.push({
      text: `${when(entry.at)}  ${entry.action}  ${entry.outcome}  ${t('evidence.actor')}: ${entry.actor ?? t('evidence.system')}${entry.ip ? ` (${entry.ip})` : ''}${details}`,
      font: 'regular',
      size: 8,
    });
  }

  heading(t('evidence.keyHeading'));
  row(t('evidence.keyId'), input.key.id);
  lines.push({ text: t('evidence.keyFingerprint'), font: 'regular', size: 9 });
  mono(input.key.fingerprint);
  lines.push({ text: t('evidence.reportFile'), font: 'regular', size: 9, before: 4 });
  mono(input.report.sha256);
  lines.push({ text: t('evidence.signedNote', { url: input.verifyUrl }), font: 'regular', size: 8, before: 10 });

  // Pages' captions, known before the fonts are chosen: a font is embedded with the letters it is to print.
  const images = faxPagesOf(input.record, t);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const textOf = (name: FontName) =>
    [
      ...lines.filter((line) => line.font === name).map((line) => line.text),
      ...(name === 'regular' ? images.map((image) => image.caption) : []),
    ].join('\n');
  const fonts: Record<FontName, PDFFont> = {
    regular: await documentFont(pdf, 'regular', textOf('regular')),
    bold: await documentFont(pdf, 'bold', textOf('bold')),
    mono: await documentFont(pdf, 'mono', textOf('mono')),
  };

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  for (const line of lines) {
    y -= line.before ?? 0;
    for (const part of wrapText(line.text, fonts[line.font], line.size, WIDTH)) {
      if (y - line.size < MARGIN) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= line.size * 1.3;
      page.drawText(part, { x: MARGIN, y, size: line.size, font: fonts[line.font], color: rgb(0, 0, 0) });
    }
  }

  const { xDpi, yDpi } = FAX_RESOLUTIONS[input.quality];
  for (const image of images) {
    if (!image.tiff) {
      const note = pdf.addPage(A4);
      for (const [index, part] of wrapText(image.caption, fonts.regular, 9, WIDTH).entries())
        note.drawText(part, { x: MARGIN, y: A4[1] - MARGIN - index * 12, size: 9, font: fonts.regular, color: rgb(0, 0, 0) });
      continue;
    }
    const tiffPage = readTiffPages(image.tiff)[image.index]!;
    const width = (tiffPage.width * 72) / xDpi;
    const height = (tiffPage.height * 72) / yDpi;
    const sheet = pdf.addPage([width, height + CAPTION]);
    const xObject = pdf.context.register(
      pdf.context.stream(g4Data(image.tiff, tiffPage), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: tiffPage.width,
        Height: tiffPage.height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 1,
        Filter: 'CCITTFaxDecode',
        DecodeParms: { K: -1, Columns: tiffPage.width, Rows: tiffPage.height, BlackIs1: tiffPage.photometric === 1 },
      }),
    );
    sheet.node.set(PDFName.of('Resources'), pdf.context.obj({ XObject: { Fax: xObject } }));
    const draw = pdf.context.register(pdf.context.stream(`q ${width} 0 0 ${height} 0 0 cm /Fax Do Q`));
    // The page's own stream first; the caption's, which pdf-lib adds as it draws, comes after it.
    sheet.node.set(PDFName.of('Contents'), pdf.context.obj([draw]));
    sheet.drawText(wrapText(image.caption, fonts.regular, 6, width - 16)[0] ?? '', {
      x: 8,
      y: height + 8,
      size: 6,
      font: fonts.regular,
      color: rgb(0, 0, 0),
    });
  }

  // A name tree's keys are in order: this one sorts before the signed facts' `faxline-receipt.json`, added after it.
  await pdf.attach(input.report.bytes, 'fax-transmission-report.pdf', {
    mimeType: 'application/pdf',
    description: t('receipt.title'),
    afRelationship: AFRelationship.Supplement,
    creationDate: new Date(facts.issuedAt),
    modificationDate: new Date(facts.issuedAt),
  });
  await makePdfA(pdf, { title: `${t('evidence.title')} ${facts.faxId}`, producer: input.siteName, at: new Date(facts.issuedAt) });
  // A classic cross-reference table: the signature's incremental update then is one too (decision 070).
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
}

type FaxPageImage = { tiff: Uint8Array | null; index: number; caption: string };

/** Every page each call carried, in call order, with its caption; a call whose line kept no image, a note instead. */
function faxPagesOf(record: DeliveryRecord, t: ReturnType<typeof translator>): FaxPageImage[] {
  const faxPages = record.facts.pages;
  return record.attempts
    .filter((attempt) => attempt.result !== null)
    .flatMap((attempt): FaxPageImage[] => {
      const tiff = record.carried.get(attempt.number) ?? null;
      if (!tiff) return [{ tiff: null, index: 0, caption: t('evidence.noImage', { call: attempt.number }) }];
      const count = readTiffPages(tiff).length;
      return Array.from({ length: count }, (_, index) => {
        const page = index + 1 + (faxPages - count);
        if (indexInCarried(tiff, faxPages, page) !== index) throw new Error('a call image out of step with its fax');
        return {
          tiff,
          index,
          caption: t('evidence.imageCaption', { call: attempt.number, page, pages: faxPages, sha256: pageSha256(tiff, index) }),
        };
      });
    });
}
