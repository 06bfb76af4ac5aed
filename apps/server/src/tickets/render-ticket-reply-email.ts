import type { TLanguage } from '@faxline/shared';
import type { TEmail } from '../email/send-email-job';
import { translator } from '../platform/i18n/i18n';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A support reply, e-mailed to the address given on the ticket in the person's language, with a plain-text part.
 * The reply is plain text as the admin typed it. Its Reply-To is the ticket's signed address, so that answering the
 * e-mail adds to the thread (decision 114); the link opens the conversation in the person's account.
 */
export function renderTicketReplyEmail(input: {
  to: string;
  language: TLanguage;
  name: string;
  subject: string;
  reference: string;
  reply: string;
  /** The conversation in the person's /user/support. */
  threadUrl: string;
  /** The ticket's signed reply address (ticket-reply-address.ts), where an SMTP gateway takes mail. */
  replyTo: string | null;
}): TEmail {
  const t = translator(input.language);
  const greeting = t('emails.greeting', { name: input.name });
  const intro = t('emails.ticketReply.intro', { subject: input.subject });
  const followUp = t(input.replyTo ? 'emails.ticketReply.followUpByEmail' : 'emails.ticketReply.followUp', { reference: input.reference });
  const text = [greeting, '', intro, '', input.reply, '', `${followUp} ${input.threadUrl}`, '', t('emails.signature')].join('\n');
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<div style="white-space:pre-wrap;border-left:3px solid #5b21b6;padding:4px 0 4px 12px;margin:0 0 16px">${escapeHtml(input.reply)}</div>
<p style="font-size:13px;color:#4b5563">${escapeHtml(followUp)} <a href="${escapeHtml(input.threadUrl)}">${escapeHtml(input.threadUrl)}</a></p>
<p>${escapeHtml(t('emails.signature'))}</p>
</body></html>`;
  return {
    to: input.to,
    subject: t('emails.ticketReply.subject', { subject: input.subject, reference: input.reference }),
    text,
    html,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}
