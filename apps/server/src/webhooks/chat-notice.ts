import { formatPhoneInternational, webPaths, type TFaxEventType } from '@faxline/shared';
import type { TNoticeTerms } from '../accounts/notice-terms';
import type { FaxRow } from '../faxes/fax-access';
import { translator } from '../platform/i18n/i18n';

/**
 * What a chat notice says, before it takes a chat app's format (chat-formats.ts): a title, a few facts, an optional
 * note, and a link into the portal. It never carries the document, nor (on a HIPAA plan) any detail of the fax: who
 * sent or got it, its numbers, its subject (decision 129).
 */
export type TChatNotice = {
  language: TNoticeTerms['language'];
  title: string;
  facts: { label: string; value: string }[];
  note: string | null;
  link: { label: string; url: string };
};

type NoticeFax = Pick<
  FaxRow,
  | 'id'
  | 'direction'
  | 'toNumber'
  | 'recipientName'
  | 'fromNumber'
  | 'senderName'
  | 'pages'
  | 'pagesSent'
  | 'status'
  | 'failureReason'
  | 'coverSubject'
>;

type TFactLabel = 'to' | 'from' | 'receivedAt' | 'subject' | 'pages' | 'reason' | 'time';

function party(name: string | null, number: string | null, unknown: string): string {
  const shown = number ? formatPhoneInternational(number) : null;
  if (name && shown) return `${name} (${shown})`;
  return name ?? shown ?? unknown;
}

/** A fax event's notice, in the account's language and time zone. */
export function faxChatNotice(
  input: { type: TFaxEventType; at: Date; fax: NoticeFax },
  terms: TNoticeTerms,
  publicUrl: string,
): TChatNotice {
  const { fax } = input;
  const t = translator(terms.language);
  const inbound = fax.direction === 'inbound';
  const recipient = party(fax.recipientName, fax.toNumber, fax.toNumber);
  const sender = party(fax.senderName, fax.fromNumber, t('emails.fax.unknownSender'));
  // `fax.partially_delivered` is `chatNotices.titles.partially_delivered`.
  const name = input.type.slice('fax.'.length);
  const facts: TChatNotice['facts'] = [];
  const fact = (label: TFactLabel, value: string | null | undefined) => {
    if (value) facts.push({ label: t(`chatNotices.facts.${label}`), value });
  };
  if (!terms.hipaaPlan) {
    if (inbound) fact('from', sender);
    if (inbound) fact('receivedAt', formatPhoneInternational(fax.toNumber));
    else fact('to', recipient);
    fact('subject', fax.coverSubject);
  }
  fact('pages', pagesOf(t, fax));
  if (fax.failureReason) fact('reason', t(`failureReasons.${fax.failureReason}`));
  fact(
    'time',
    new Intl.DateTimeFormat(terms.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: terms.timeZone }).format(input.at),
  );
  return {
    language: terms.language,
    title: terms.hipaaPlan ? t(`chatNotices.privateTitles.${name}`) : t(`chatNotices.titles.${name}`, { recipient, sender }),
    facts,
    note: terms.hipaaPlan ? t('chatNotices.hipaaNote') : null,
    link: { label: t('chatNotices.open'), url: `${publicUrl}${webPaths.user.faxHistory.getHref(fax)}` },
  };
}

/** "3", or "2 of 3" when fewer pages got through than the fax has. */
function pagesOf(t: ReturnType<typeof translator>, fax: NoticeFax): string | null {
  if (fax.pages === null) return null;
  if (fax.direction === 'outbound' && fax.pagesSent !== null && fax.pagesSent < fax.pages && fax.status !== 'delivered')
    return t('chatNotices.pagesOf', { sent: fax.pagesSent, total: fax.pages });
  return String(fax.pages);
}

/** The notice of "Send test event": it shows the channel is reached, and leads to the webhooks page. */
export function testChatNotice(terms: Pick<TNoticeTerms, 'language'>, publicUrl: string): TChatNotice {
  const t = translator(terms.language);
  return {
    language: terms.language,
    title: t('chatNotices.test.title'),
    facts: [],
    note: t('chatNotices.test.body'),
    link: { label: t('chatNotices.test.open'), url: `${publicUrl}${webPaths.user.webhooks.path}` },
  };
}
