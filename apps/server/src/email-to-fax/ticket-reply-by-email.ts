import { MAX_ATTACHMENTS, ticketReference } from '@faxline/shared';
import { addCustomerReply } from '../tickets/add-customer-reply';
import { ticketForEmailReply } from '../tickets/email-reply-ticket';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { authenticateSender } from './authenticate-sender';
import { replyCodeOf, uploadsOf, type FaxByEmailDeps } from './fax-by-email';
import { readFaxMessage } from './read-message';
import type { Spool, SpooledFile } from './spool';

/** A message to a ticket's signed reply address, as the gateway received it. */
export type ReceivedTicketReply = {
  raw: SpooledFile;
  spool: Spool;
  ticketId: string;
  client: { ip: string; helo: string; mailFrom: string };
};

export type TicketReplyVerdict = { accepted: true; reference: string } | { accepted: false; code: number; status: string; reason: string };

const refusal = (code: number, status: string, reason: string): TicketReplyVerdict => ({ accepted: false, code, status, reason });

/**
 * An answer to a support reply's e-mail joins its ticket's thread (decision 114): the ticket comes from the signed
 * address it was sent to (checked at RCPT, never its subject), its sender must be the ticket's own, the message must
 * not be automatic and must prove its sender under the installation's default policy, and its words (the quoted
 * e-mail and the signature left out) and files go through the same service and file checks as a reply in the portal.
 * A refusal is the SMTP reply only: the sender's own server tells them, and nothing of the message is kept.
 */
export async function ticketReplyByEmail(deps: FaxByEmailDeps, received: ReceivedTicketReply): Promise<TicketReplyVerdict> {
  const rules = await deps.systemSettings.current();
  const message = await readFaxMessage(received.raw.read(), {
    spool: received.spool,
    maxFileBytes: rules.maxFileSizeMB * 1024 * 1024,
    maxFiles: MAX_ATTACHMENTS,
  });
  try {
    if (message.automatic)
      return refusal(550, '5.7.1', 'Automatic messages (auto-replies, mailing lists) are not added to support tickets.');
    const policy = deps.config.emailToFax.defaultAuthPolicy;
    const authentication = await authenticateSender(
      received.raw.read(),
      { ip: received.client.ip, helo: received.client.helo, sender: received.client.mailFrom },
      { policy, mta: deps.config.emailToFax.domain, ...(deps.resolver ? { resolver: deps.resolver } : {}) },
    );
    if (authentication && !authentication.passed && policy === 'enforce') {
      return refusal(
        550,
        '5.7.26',
        `The message did not prove it comes from ${received.client.mailFrom} ` +
          `(SPF ${authentication.spf}, DKIM ${authentication.dkim}, DMARC ${authentication.dmarc}).`,
      );
    }
    const found = await ticketForEmailReply(deps.db, received.ticketId, received.client.mailFrom);
    if (!found) return refusal(550, '5.7.1', `${received.client.mailFrom} may not reply to this support ticket.`);
    const en = translator('en');
    if (message.bodyTooLong) return refusal(554, '5.6.0', en('validation.ticketReplyTooLong'));
    try {
      await addCustomerReply({ db: deps.db, files: deps.files, systemSettings: deps.systemSettings }, found.ticket, {
        authorName: found.person?.name.trim() || found.ticket.name,
        body: message.body,
        uploads: await uploadsOf(message.files),
        via: 'email',
        emailMessageId: message.messageId,
        audit: { actorUserId: found.person?.id ?? null, accountId: null, ip: received.client.ip, emailFrom: received.client.mailFrom },
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const { code, status } = replyCodeOf(error);
      return refusal(code, status, en(error.messageKey, error.params));
    }
    return { accepted: true, reference: ticketReference(found.ticket.id) };
  } finally {
    await Promise.all(message.files.map((file) => file.content?.remove()));
  }
}
