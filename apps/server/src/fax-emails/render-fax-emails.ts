import { numberFormat, RETRYABLE_FAX_FAILURES, stationCheckOf, type TFaxEventType } from '@faxline/shared';
import type { FaxRow } from '../faxes/fax-access';
import { translator } from '../platform/i18n/i18n';
import type { TNoticeRecipient } from './fax-email-recipients';
import {
  FIRST_PAGE_CID,
  faxFilename,
  faxPageUrl,
  firstPageImage,
  formatDuration,
  formatMegabytes,
  formatWhen,
  noticeFooter,
  noticeHeaders,
  numberLabel,
  recipientLabel,
  senderLabel,
} from './fax-email-parts';
import { renderEmail } from '../email/render-email';
import type { TEmail } from '../email/send-email-job';

/**
 * How a fax's document reaches the e-mail: attached (with the first page shown), or only a sign-in link, because the
 * plan is a HIPAA plan or does not include fax to e-mail, the account keeps documents out of e-mail, the PDF is too large to attach, or it is not kept.
 */
export type TDocumentForm =
  | { kind: 'attached' }
  | { kind: 'link'; reason: 'hipaa' | 'plan' | 'account' | 'unavailable' }
  | { kind: 'link'; reason: 'tooLarge'; bytes: number };

/** What every fax e-mail is written with besides the fax: who it is for, where its links go, and its ids. */
export type TNoticeContext = {
  recipient: TNoticeRecipient;
  publicUrl: string;
  unsubscribeLink: string;
  messageId: string;
  /** The time zone its dates are in: the recipient's own, else the account's. */
  timeZone: string;
};

const LINK_NOTICES = {
  hipaa: 'linkOnlyHipaa',
  plan: 'linkOnlyPlan',
  account: 'linkOnly',
  tooLarge: 'tooLarge',
  unavailable: 'unavailable',
} as const;

/**
 * Fax to e-mail: the sender and pages in the subject, the sender, pages and time received in the
 * body, and the fax as a PDF attachment with its first page inline, or a notice with the sign-in link instead.
 */
export function renderReceivedFaxEmail(fax: FaxRow, form: TDocumentForm, context: TNoticeContext): TEmail {
  const { recipient, timeZone } = context;
  const { language } = recipient;
  const t = translator(language);
  const pages = fax.pages ?? 0;
  const attached = form.kind === 'attached';
  const showsFirstPage = attached && Boolean(fax.thumbnailKey);
  const content = {
    subject: t('emails.fax.received.subject', { sender: senderLabel(t, fax, false), count: pages }),
    paragraphs: [
      t('emails.fax.received.intro', { sender: senderLabel(t, fax), number: numberLabel(fax.toNumber) }),
      form.kind === 'attached'
        ? t('emails.fax.received.attached')
        : t(
            `emails.fax.received.${LINK_NOTICES[form.reason]}`,
            form.reason === 'tooLarge' ? { size: formatMegabytes(language, form.bytes) } : {},
          ),
    ],
    facts: [
      { label: t('emails.fax.facts.from'), value: senderLabel(t, fax) },
      { label: t('emails.fax.facts.toNumber'), value: numberLabel(fax.toNumber) },
      { label: t('emails.fax.facts.pages'), value: numberFormat(language).format(pages) },
      { label: t('emails.fax.facts.receivedAt'), value: formatWhen(language, fax.completedAt ?? fax.createdAt, timeZone) },
    ],
  };
  const document = {
    faxId: fax.id,
    part: 'document' as const,
    filename: faxFilename(fax, timeZone),
    contentType: 'application/pdf' as const,
  };
  return faxEmail(fax, context, t, content, showsFirstPage, attached ? [document] : undefined);
}

/** The outcomes a sender is told of: how a sent fax ended. */
export type TOutcomeEventType = Extract<TFaxEventType, 'fax.delivered' | 'fax.partially_delivered' | 'fax.failed'>;
export const OUTCOME_EVENT_TYPES = [
  'fax.delivered',
  'fax.partially_delivered',
  'fax.failed',
] as const satisfies readonly TOutcomeEventType[];

/** The calls made for a fax: how many, and their time on the line together. */
export type TCallSummary = { attempts: number; durationMs: number };

/**
 * Delivery confirmation: the recipient, the pages sent of the total, the attempts and the call
 * time, the reason in words when it did not all get through, and the first page inline unless documents stay out of
 * e-mail. One per outcome: the outbox records one final event per fax, never one per try.
 */
export function renderFaxOutcomeEmail(
  fax: FaxRow,
  type: TOutcomeEventType,
  calls: TCallSummary,
  showFirstPage: boolean,
  context: TNoticeContext,
): TEmail {
  const { recipient, timeZone } = context;
  const { language } = recipient;
  const t = translator(language);
  const outcome = type.slice('fax.'.length) as 'delivered' | 'partially_delivered' | 'failed';
  const total = fax.pages ?? 0;
  const sent = fax.pagesSent ?? 0;
  const recipientName = recipientLabel(t, fax);
  const number = numberFormat(language);
  const facts = [
    { label: t('emails.fax.facts.to'), value: recipientName },
    { label: t('emails.fax.facts.pagesSent'), value: t('emails.fax.pagesOf', { sent: number.format(sent), total: number.format(total) }) },
    { label: t('emails.fax.facts.attempts'), value: number.format(calls.attempts) },
    { label: t('emails.fax.facts.duration'), value: formatDuration(language, calls.durationMs) },
  ];
  // The failure in the one taxonomy (decision 119), as the webhook says it: its class's sentence and whether another
  // try may help; the class and flag ride in headers too, for programs that read the e-mail.
  const reason = outcome !== 'delivered' ? fax.failureReason : null;
  if (reason) {
    facts.push({ label: t('emails.fax.facts.reason'), value: t(`failureReasons.${reason}`) });
    facts.push({
      label: t('emails.fax.facts.retry'),
      value: t(RETRYABLE_FAX_FAILURES[reason] ? 'emails.fax.outcome.retryable' : 'emails.fax.outcome.notRetryable'),
    });
  }
  if (fax.failureMessage && outcome !== 'delivered') facts.push({ label: t('emails.fax.facts.details'), value: fax.failureMessage });
  facts.push({ label: t('emails.fax.facts.endedAt'), value: formatWhen(language, fax.completedAt ?? fax.updatedAt, timeZone) });
  const showsFirstPage = showFirstPage && Boolean(fax.thumbnailKey);

  // An uncertain fax is never told as delivered nor as plainly failed: what it means, and the choice its page offers.
  const said = reason === 'uncertain' ? 'uncertain' : outcome;
  const content = {
    subject: t(`emails.fax.outcome.${said}.subject`, { recipient: recipientName }),
    paragraphs: [t(`emails.fax.outcome.${said}.body`, { recipient: recipientName, sent, total })],
    facts,
  };
  const email = faxEmail(fax, context, t, withStationMismatch(t, fax, outcome, recipientName, content), showsFirstPage, undefined);
  if (!reason) return email;
  return {
    ...email,
    headers: {
      ...email.headers,
      'X-Faxline-Failure-Reason': reason,
      'X-Faxline-Retryable': RETRYABLE_FAX_FAILURES[reason] ? 'true' : 'false',
    },
  };
}

/**
 * A fax delivered to another station than the one expected, learned after the call (decision 121): said first, in the
 * subject and the opening, so that the sender can act on a fax that may have reached the wrong machine.
 */
function withStationMismatch<T extends { subject: string; paragraphs: string[]; facts: { label: string; value: string }[] }>(
  t: ReturnType<typeof translator>,
  fax: FaxRow,
  outcome: 'delivered' | 'partially_delivered' | 'failed',
  recipient: string,
  content: T,
): T {
  const check = stationCheckOf(fax.expectedStationId, fax.announcedStationId);
  if (outcome === 'failed' || check.result !== 'mismatch') return content;
  const ids = { expected: check.expected, announced: check.announced };
  return {
    ...content,
    subject: t('emails.fax.stationMismatch.subject', { recipient }),
    paragraphs: [t('emails.fax.stationMismatch.body', ids), ...content.paragraphs],
    facts: [...content.facts, { label: t('emails.fax.stationMismatch.fact'), value: t('emails.fax.stationMismatch.value', ids) }],
  };
}

/**
 * A fax e-mail around its own subject, paragraphs and facts: the greeting, the first page when it is shown (inline,
 * attached by its content id), the link to the fax, the signature and the notice footer, addressed to the recipient
 * with the unsubscribe headers; `documents` are attached before the first page.
 */
function faxEmail(
  fax: FaxRow,
  context: TNoticeContext,
  t: ReturnType<typeof translator>,
  content: Pick<Parameters<typeof renderEmail>[0], 'subject' | 'paragraphs' | 'facts'>,
  showsFirstPage: boolean,
  documents: NonNullable<TEmail['attachments']> | undefined,
): TEmail {
  const { recipient } = context;
  const rendered = renderEmail({
    language: recipient.language,
    ...content,
    greeting: recipient.name ? t('emails.greeting', { name: recipient.name }) : undefined,
    image: showsFirstPage ? firstPageImage(t) : undefined,
    action: { label: t('emails.fax.action'), url: faxPageUrl(context.publicUrl, fax) },
    signature: t('emails.signature'),
    ...noticeFooter(t, recipient, context.unsubscribeLink, fax.toNumber),
  });
  const firstPage = {
    faxId: fax.id,
    part: 'thumbnail' as const,
    filename: 'first-page.png',
    contentType: 'image/png' as const,
    cid: FIRST_PAGE_CID,
  };
  const attachments = [...(documents ?? []), ...(showsFirstPage ? [firstPage] : [])];
  return {
    to: recipient.address,
    ...rendered,
    messageId: context.messageId,
    headers: noticeHeaders(context.unsubscribeLink),
    attachments: attachments.length > 0 ? attachments : undefined,
  };
}
