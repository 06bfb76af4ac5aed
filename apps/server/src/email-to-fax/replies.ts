import { createHash } from 'node:crypto';
import type { TFaxQuote, TLanguage } from '@faxline/shared';
import { faxPageUrl, numberLabel } from '../fax-emails/fax-email-parts';
import { renderEmail } from '../email/render-email';
import { sendEmailJob, type TEmail } from '../email/send-email-job';
import type { FaxRow } from '../faxes/fax-access';
import type { TConfig } from '../platform/config';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/queue';
import type { EmailSender } from './senders';

type ReplyDeps = { queue: Queue; config: Pick<TConfig, 'publicUrl' | 'mailFrom'> };

/** The message a reply answers, and its identity: threaded under it, marked as an automatic reply (RFC 3834). */
type Original = { messageId: string | null; subject: string };

const MESSAGE_ID = /^<[^<>\s@]+@[^<>\s@]+>$/;
const ourDomain = (mailFrom: string) => /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'faxline';

function replyHeaders(original: Original): NonNullable<TEmail['headers']> {
  const threaded = original.messageId && MESSAGE_ID.test(original.messageId);
  return {
    'Auto-Submitted': 'auto-replied',
    ...(threaded ? { 'In-Reply-To': original.messageId!, References: original.messageId! } : {}),
  };
}

/**
 * Tells the sender their e-mail became faxes: each fax's id and number, the files, the pages when
 * known now, and who hears the outcome. Queued once per send (its Message-ID is made from the first fax).
 */
export async function queueAcceptedReply(
  deps: ReplyDeps,
  sender: EmailSender,
  original: Original,
  sent: { faxes: FaxRow[]; files: string[]; pages: number | null; quote: TFaxQuote | null },
): Promise<void> {
  const t = translator(sender.language);
  const k = 'emails.emailToFax.accepted';
  const [first] = sent.faxes;
  if (!first) return;
  const subject = original.subject || t(`${k}.noSubject`);
  // A send within the plan and at home costs nothing beyond it, and the reply says nothing of money (decision 096).
  const costs = sent.quote && sent.quote.totalCents > 0 ? sent.quote : null;
  const rendered = renderEmail({
    language: sender.language,
    subject: t(`${k}.subject`, { count: sent.faxes.length, recipient: numberLabel(first.toNumber) }),
    paragraphs: [t(`${k}.body`, { subject })],
    facts: [
      ...sent.faxes.flatMap((fax) => [
        { label: t(`${k}.facts.fax`), value: fax.id },
        { label: t(`${k}.facts.to`), value: numberLabel(fax.toNumber) },
      ]),
      ...(sent.files.length > 0 ? [{ label: t(`${k}.facts.files`), value: sent.files.join(', ') }] : []),
      { label: t(`${k}.facts.pages`), value: sent.pages === null ? t(`${k}.facts.pagesLater`) : String(sent.pages) },
      ...(costs ? [{ label: t(`${k}.facts.price`), value: priceOf(costs, sender.language, t) }] : []),
    ],
    action: { label: t(`${k}.action`), url: faxPageUrl(deps.config.publicUrl, first) },
    notes: [t(sender.via === 'person' ? `${k}.outcomePerson` : `${k}.outcomeAllowed`), ...(costs ? [t(`${k}.priceNote`)] : [])],
    signature: t('emails.signature'),
    footer: t('emails.emailToFax.why'),
  });
  const messageId = `<fax-accepted.${first.id}@${ourDomain(deps.config.mailFrom)}>`;
  await deps.queue.send(
    sendEmailJob,
    { to: sender.address, ...rendered, messageId, headers: replyHeaders(original) },
    { dedupeKey: messageId },
  );
}

/** A send's price in the sender's language and currency format; for pages counted later, what it covers. */
function priceOf(quote: TFaxQuote, language: TLanguage, t: ReturnType<typeof translator>): string {
  const price = new Intl.NumberFormat(language, { style: 'currency', currency: quote.currency }).format(quote.totalCents / 100);
  return quote.pagesKnown ? price : t('emails.emailToFax.accepted.facts.priceLater', { price });
}

/**
 * Tells a known sender why their e-mail was not faxed, in their language. Only a sender Faxline
 * knows, whose message was not refused for failing its authentication, hears back: anyone else could be a forged
 * address, and a reply would be spam to its real owner.
 */
export async function queueRefusedReply(
  deps: ReplyDeps & { supportUrl: string },
  reply: { to: string; language: TLanguage; faxAddress: string; reason: string },
  original: Original,
): Promise<void> {
  const t = translator(reply.language);
  const k = 'emails.emailToFax.refused';
  const rendered = renderEmail({
    language: reply.language,
    subject: t(`${k}.subject`, { to: reply.faxAddress }),
    paragraphs: [t(`${k}.body`, { subject: original.subject || t('emails.emailToFax.accepted.noSubject') }), reply.reason],
    notes: [t(`${k}.next`)],
    action: { label: t(`${k}.help`), url: deps.supportUrl },
    signature: t('emails.signature'),
    footer: t('emails.emailToFax.why'),
  });
  // One reply per refused message (or per moment, for a message without an id): a client that sends it again hears once.
  const identity = createHash('sha256')
    .update(`${reply.to}\n${original.messageId ?? Date.now()}`)
    .digest('hex')
    .slice(0, 32);
  const messageId = `<fax-refused.${identity}@${ourDomain(deps.config.mailFrom)}>`;
  await deps.queue.send(sendEmailJob, { to: reply.to, ...rendered, messageId, headers: replyHeaders(original) }, { dedupeKey: messageId });
}
