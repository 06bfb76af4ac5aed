import { createHash } from 'node:crypto';
import { dateTimeFormat, formatPhoneInternational, numberFormat, type TLanguage, webPaths } from '@faxline/shared';
import type { TFunction } from 'i18next';
import type { FaxRow } from '../faxes/fax-access';
import type { EmailContent } from '../email/render-email';
import type { TEmail } from '../email/send-email-job';
import type { TNoticeRecipient } from './fax-email-recipients';

/** The page of a fax behind sign-in, the web app's fax history with its details open (received faxes on the second tab). */
export function faxPageUrl(publicUrl: string, fax: Pick<FaxRow, 'id' | 'direction'>): string {
  return `${publicUrl}${webPaths.user.faxHistory.getHref(fax)}`;
}

/** A number as people read it (+1 555 010 0199), or as stored when it is not one we can read. */
export const numberLabel = (number: string): string => formatPhoneInternational(number);

/** Who sent a received fax: name and number when both are known, either one, or "an unknown sender". */
export function senderLabel(t: TFunction, fax: Pick<FaxRow, 'senderName' | 'fromNumber'>, withNumber = true): string {
  const number = fax.fromNumber ? numberLabel(fax.fromNumber) : null;
  if (fax.senderName && number && withNumber) return t('emails.fax.senderWithNumber', { name: fax.senderName, number });
  return fax.senderName ?? number ?? t('emails.fax.unknownSender');
}

/** Who a sent fax went to, likewise. */
export function recipientLabel(t: TFunction, fax: Pick<FaxRow, 'recipientName' | 'toNumber'>): string {
  const number = numberLabel(fax.toNumber);
  return fax.recipientName ? t('emails.fax.senderWithNumber', { name: fax.recipientName, number }) : number;
}

export function formatWhen(language: TLanguage, at: Date, timeZone: string): string {
  return dateTimeFormat(language, { dateStyle: 'long', timeStyle: 'long', timeZone }).format(at);
}

/** A call time: "42 s", or "3 min 5 s" from a minute on. */
export function formatDuration(language: TLanguage, ms: number): string {
  const unit = (value: number, name: 'minute' | 'second') =>
    numberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return unit(seconds, 'second');
  return `${unit(Math.floor(seconds / 60), 'minute')} ${unit(seconds % 60, 'second')}`;
}

export function formatMegabytes(language: TLanguage, bytes: number): string {
  return numberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

/** The PDF's name: `fax-2026-11-04-15550100199.pdf`, the day in the account's time zone and the sender's digits. */
export function faxFilename(fax: Pick<FaxRow, 'createdAt' | 'fromNumber'>, timeZone: string): string {
  const day = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(fax.createdAt);
  const from = fax.fromNumber?.replace(/\D/g, '') || 'unknown';
  return `fax-${day}-${from}.pdf`;
}

/** The inline image's content id, which the HTML part names as `cid:`. */
export const FIRST_PAGE_CID = 'first-page@faxline';
/** The thumbnails are drawn at 40 dpi (documents/fax-image/fax-thumbnail.ts): a page is about 340 pixels wide. */
const FIRST_PAGE_WIDTH = 340;

export const firstPageImage = (t: TFunction): NonNullable<EmailContent['image']> => ({
  src: `cid:${FIRST_PAGE_CID}`,
  alt: t('emails.fax.thumbnailAlt'),
  width: FIRST_PAGE_WIDTH,
});

/** Why the recipient receives a notice, and the link that stops it: in the footer of both parts. */
export function noticeFooter(
  t: TFunction,
  recipient: TNoticeRecipient,
  unsubscribeLink: string,
  number: string,
): Pick<EmailContent, 'footer' | 'footerLink'> {
  const target = recipient.unsubscribe;
  const footer =
    target.kind === 'person'
      ? t(`emails.fax.footer.${target.setting}`)
      : t('emails.fax.footer.extraAddress', { number: numberLabel(number) });
  return { footer, footerLink: { label: t('emails.fax.footer.unsubscribe'), url: unsubscribeLink } };
}

/**
 * The Message-ID of an event's e-mail to one address: the same on every run, so that an e-mail sent again after a
 * crash is recognised as the one already received. Its domain is the sender's, as RFC 5322 asks of a unique id.
 */
export function noticeMessageId(eventId: string, address: string, mailFrom: string): string {
  const hash = createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 16);
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'faxline';
  return `<${eventId}.${hash}@${domain}>`;
}

/** A notice's headers: its one-click unsubscribe (RFC 2369, RFC 8058) and RFC 3834's mark against auto-replies. */
export const noticeHeaders = (unsubscribeLink: string): NonNullable<TEmail['headers']> => ({
  'List-Unsubscribe': `<${unsubscribeLink}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  'Auto-Submitted': 'auto-generated',
});
