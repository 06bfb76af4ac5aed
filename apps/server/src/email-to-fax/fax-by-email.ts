import { MAX_ATTACHMENTS, MAX_COVER_MESSAGE_LENGTH, type TLanguage, webPaths, ZSendFaxRequest } from '@faxline/shared';
import type { DNSResolver } from 'mailauth';
import { readSettings } from '../accounts/settings';
import { sendFaxes, type SendFaxDeps } from '../faxes/send-fax';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';
import { translateIssue, translator } from '../platform/i18n/i18n';
import type { Logger } from '../platform/logger';
import { authenticateSender, type SenderAuthentication } from './authenticate-sender';
import { readFaxMessage, type MessageFile } from './read-message';
import { queueAcceptedReply, queueRefusedReply } from './replies';
import type { EmailSender } from './senders';
import type { Spool, SpooledFile } from './spool';
import type { Upload } from '../faxes/check-attachments';

export type FaxByEmailDeps = SendFaxDeps & { config: TConfig; logger: Logger; resolver?: DNSResolver };

/** One message as the gateway received it: its bytes (spooled), its envelope, and the client that sent it. */
export type ReceivedMessage = {
  raw: SpooledFile;
  /** Where its files are kept while it is read. */
  spool: Spool;
  sender: EmailSender;
  /** The fax numbers of its recipients (E.164), each once, in the envelope's order. */
  recipients: string[];
  /** The first recipient's address as written, for the refusal's subject. */
  faxAddress: string;
  client: { ip: string; helo: string; mailFrom: string };
};

/** What the gateway answers at the end of DATA: the faxes it became, or an SMTP refusal (RFC 5321, RFC 3463). */
export type EmailVerdict = { accepted: true; faxIds: string[] } | { accepted: false; code: number; status: string; reason: string };

const refusal = (code: number, status: string, reason: string): EmailVerdict => ({ accepted: false, code, status, reason });

/** An AppError's SMTP reply: permanent, except when Faxline itself cannot take the message now. */
export function replyCodeOf(error: AppError): { code: number; status: string } {
  switch (error.type) {
    case 'payload_too_large':
      return { code: 552, status: '5.3.4' };
    case 'permission_denied':
    case 'email_not_confirmed':
      return { code: 550, status: '5.7.1' };
    case 'unavailable':
    case 'rate_limited':
    case 'internal_error':
      return { code: 451, status: '4.3.0' };
    default:
      return { code: 554, status: '5.6.0' };
  }
}

/**
 * Turns a received message into faxes, with the portal's checks and its one code path (`sendFaxes`):
 * not an automatic message, its sender proven as the account's policy asks, a valid cover, allowed files, each
 * number allowed, within the quota. Accepted or refused, a known sender hears back by e-mail; a message refused for
 * its authentication or for being automatic gets the SMTP reply only (no mail to an address that may be forged, no
 * loop with an auto-responder).
 */
export async function faxByEmail(deps: FaxByEmailDeps, received: ReceivedMessage): Promise<EmailVerdict> {
  const rules = await deps.systemSettings.current();
  const message = await readFaxMessage(received.raw.read(), {
    spool: received.spool,
    maxFileBytes: rules.maxFileSizeMB * 1024 * 1024,
    maxFiles: MAX_ATTACHMENTS,
  });
  try {
    return await faxOf(deps, received, message, rules);
  } finally {
    await Promise.all(message.files.map((file) => file.content?.remove()));
  }
}

async function faxOf(
  deps: FaxByEmailDeps,
  received: ReceivedMessage,
  message: Awaited<ReturnType<typeof readFaxMessage>>,
  rules: Awaited<ReturnType<FaxByEmailDeps['systemSettings']['current']>>,
): Promise<EmailVerdict> {
  const { sender } = received;
  const en = translator('en');
  if (message.automatic) return refusal(550, '5.7.1', 'Automatic messages (auto-replies, mailing lists) are not faxed.');

  const authentication = await authenticateSender(
    received.raw.read(),
    { ip: received.client.ip, helo: received.client.helo, sender: received.client.mailFrom },
    { policy: sender.rules.authPolicy, mta: deps.config.emailToFax.domain, ...(deps.resolver ? { resolver: deps.resolver } : {}) },
  );
  if (authentication && !authentication.passed && sender.rules.authPolicy === 'enforce') {
    return refusal(
      550,
      '5.7.26',
      `The message did not prove it comes from ${received.client.mailFrom} ` +
        `(SPF ${authentication.spf}, DKIM ${authentication.dkim}, DMARC ${authentication.dmarc}).`,
    );
  }

  const refuse = async (code: number, status: string, reason: (language: TLanguage) => string) => {
    await queueRefusedReply(
      { queue: deps.queue, config: deps.config, supportUrl: `${deps.config.publicUrl}${webPaths.support.getHref('how-faxline-works')}` },
      { to: sender.address, language: sender.language, faxAddress: received.faxAddress, reason: reason(sender.language) },
      message,
    );
    return refusal(code, status, reason('en'));
  };

  const { defaultFaxQuality } = await readSettings(deps.db, sender.actor.user.id, rules.defaultFaxResolution);
  const request = ZSendFaxRequest.safeParse({
    recipientNumber: received.recipients[0],
    faxQuality: defaultFaxQuality,
    coverSubject: message.subject || undefined,
    coverPageMessage: sender.rules.includeBody && message.body ? message.body : undefined,
  });
  if (!request.success) {
    const [issue] = request.error.issues;
    return refuse(554, '5.6.0', (language) => translateIssue(issue!, language));
  }
  if (sender.rules.includeBody && message.bodyTooLong) {
    return refuse(554, '5.6.0', (language) => translator(language)('errors.coverMessageTooLong', { max: MAX_COVER_MESSAGE_LENGTH }));
  }

  try {
    const sent = await sendFaxes(deps, {
      actor: { ...sender.actor, ip: received.client.ip },
      language: sender.language,
      request: request.data,
      recipients: received.recipients,
      uploads: await uploadsOf(message.files),
      channel: 'email',
      // A client that sends the same message again (its connection dropped before our reply) finds the faxes it made.
      idempotencyKey: message.messageId ? `email:${sender.address}:${message.messageId}` : null,
      auditDetails: auditDetailsOf(received, authentication),
    });
    // Queued for a resent message too: the first try may have made the faxes and died before queuing this. The reply's
    // job is named by the first fax, so a message sent twice is still answered once.
    await queueAcceptedReply({ queue: deps.queue, config: deps.config }, sender, message, {
      faxes: sent.faxes,
      files: message.files.map((file) => file.name),
      pages: sent.pages,
      quote: sent.quote,
    });
    return { accepted: true, faxIds: sent.faxes.map((fax) => fax.id) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { code, status } = replyCodeOf(error);
    if (code < 500) return refusal(code, status, en(error.messageKey, error.params));
    return refuse(code, status, (language) => translator(language)(error.messageKey, error.params));
  }
}

/**
 * The files as the send form hands them over: in memory, the gateway's budget allowing (decision 066). One that was
 * not kept is handed over empty and marked cut short, which the file checks refuse with the portal's message.
 */
export async function uploadsOf(files: MessageFile[]): Promise<Upload[]> {
  const uploads: Upload[] = [];
  for (const file of files) {
    if (!file.content) {
      uploads.push({ name: file.name, bytes: new Uint8Array(0), truncated: true });
      continue;
    }
    // One allocation of the file's size: its pieces are copied in as they are decrypted.
    const bytes = new Uint8Array(file.content.size);
    let at = 0;
    for await (const piece of file.content.read()) {
      bytes.set(piece as Buffer, at);
      at += (piece as Buffer).length;
    }
    uploads.push({ name: file.name, bytes, truncated: false });
  }
  return uploads;
}

/** The audit row's e-mail details: who sent it, how it was checked. */
function auditDetailsOf(received: ReceivedMessage, authentication: SenderAuthentication | null) {
  return {
    emailFrom: received.sender.address,
    emailSenderVia: received.sender.via,
    emailAuthentication: authentication
      ? { policy: received.sender.rules.authPolicy, ...authentication }
      : { policy: received.sender.rules.authPolicy },
  };
}
