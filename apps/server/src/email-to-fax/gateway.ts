import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { isE164, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MAX_EMAIL_FAX_RECIPIENTS } from '@faxline/shared';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { faxByEmail, type FaxByEmailDeps } from './fax-by-email';
import { senderOf, type EmailSender } from './senders';

/**
 * The largest message the gateway takes: five files of the largest size, in base64 (4/3, with its line breaks), and
 * the text and headers around them (issue 19, item 3). A larger one is refused with 552 as it arrives.
 */
export const MAX_EMAIL_BYTES = Math.ceil((MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES * 4) / 3 / 76) * 78 + 1024 * 1024;

/** Sessions a gateway serves at once; more wait for a free one (421 from smtp-server). */
const MAX_CLIENTS = 100;

export type EmailGateway = { port: number; stop: () => Promise<void> };

/** An SMTP refusal: smtp-server replies with `responseCode` and the message, which starts with its RFC 3463 status. */
function smtpError(code: number, status: string, text: string): Error {
  return Object.assign(new Error(`${status} ${text}`), { responseCode: code });
}

const mailboxOf = (mailFrom: string) => /<?([^<>\s]+@[^<>\s]+)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase() ?? '';

/**
 * E-mail to fax's SMTP gateway (issue 19, item 1): mail to `<number's digits>@<fax domain>` becomes a fax to that
 * number. Senders are checked at RCPT (a stranger is refused before sending a byte of the message), the message at
 * the end of DATA, where it is faxed or refused with a reply that says why; nothing is kept of a refused one.
 */
export async function startEmailGateway(deps: FaxByEmailDeps): Promise<EmailGateway> {
  const { config, logger } = deps;
  const { domain, tls } = config.emailToFax;
  const ownAddress = mailboxOf(config.mailFrom);
  // The sender named by a session's MAIL FROM, looked up once per transaction.
  const senders = new WeakMap<SMTPServerSession, { address: string; sender: Promise<EmailSender | null> }>();
  const senderIn = (session: SMTPServerSession) => {
    const address = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
    const known = senders.get(session);
    if (known?.address === address) return known.sender;
    const sender = senderOf(deps.db, address, config.emailToFax);
    senders.set(session, { address, sender });
    return sender;
  };

  const server = new SMTPServer({
    name: domain,
    banner: 'Faxline e-mail to fax',
    size: MAX_EMAIL_BYTES,
    maxClients: MAX_CLIENTS,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { key: fs.readFileSync(tls.keyPath), cert: fs.readFileSync(tls.certPath) } : {}),
    logger: false,

    onMailFrom(address: SMTPServerAddress, _session, callback) {
      const from = address.address.toLowerCase();
      // Mail loops (RFC 3834): a bounce, or a message from Faxline itself, never becomes a fax or gets a reply.
      if (!from) return callback(smtpError(550, '5.7.1', 'Delivery reports and bounces are not faxed.'));
      if (from === ownAddress || from.endsWith(`@${domain}`)) {
        return callback(smtpError(550, '5.7.1', 'Messages from Faxline itself are not faxed.'));
      }
      callback();
    },

    onRcptTo(address: SMTPServerAddress, session, callback) {
      void (async () => {
        const [local = '', host = ''] = splitAddress(address.address);
        if (host !== domain) throw smtpError(550, '5.7.1', `Relaying denied: this server takes mail for <number>@${domain} only.`);
        const number = `+${local.replace(/^\+/, '')}`;
        if (!/^\+\d+$/.test(number) || !isE164(number)) {
          throw smtpError(
            550,
            '5.1.1',
            `${local} is not a fax number: write the number's digits with its country code, e.g. 14155550123@${domain}.`,
          );
        }
        if (session.envelope.rcptTo.length >= MAX_EMAIL_FAX_RECIPIENTS) {
          throw smtpError(452, '4.5.3', `Too many recipients: at most ${MAX_EMAIL_FAX_RECIPIENTS} fax numbers per message.`);
        }
        if (!(await senderIn(session))) {
          throw smtpError(
            550,
            '5.7.1',
            `${session.envelope.mailFrom ? session.envelope.mailFrom.address : ''} may not send faxes through Faxline: ` +
              `send from the address of your Faxline account, or ask its owner to allow this one.`,
          );
        }
      })().then(
        () => callback(),
        (error: Error) => callback(refusedOrFailed(error)),
      );
    },

    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        // Over the size limit: smtp-server replies 552 itself; the bytes read are dropped.
        if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4', 'Message too large.'));
        void receive(Buffer.concat(chunks), session).then(
          (reply) => callback(null, reply),
          (error: Error) => callback(refusedOrFailed(error)),
        );
      });
    },
  });

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<string> {
    const sender = await senderIn(session);
    if (!sender) throw smtpError(550, '5.7.1', 'Sender not allowed.');
    const addresses = session.envelope.rcptTo.map((rcpt) => rcpt.address);
    const recipients = [...new Set(addresses.map((address) => `+${(splitAddress(address)[0] ?? '').replace(/^\+/, '')}`))];
    const verdict = await faxByEmail(deps, {
      raw,
      sender,
      recipients,
      faxAddress: addresses[0] ?? '',
      client: { ip: session.remoteAddress, helo: session.hostNameAppearsAs, mailFrom: sender.address },
    });
    logger.info(
      {
        from: sender.address,
        to: recipients,
        accepted: verdict.accepted,
        ...(verdict.accepted ? { faxIds: verdict.faxIds } : { reason: verdict.reason }),
      },
      verdict.accepted ? 'e-mail to fax: accepted' : 'e-mail to fax: refused',
    );
    if (!verdict.accepted) throw smtpError(verdict.code, verdict.status, verdict.reason);
    return `2.0.0 Accepted: ${verdict.faxIds.length === 1 ? 'fax' : 'faxes'} ${verdict.faxIds.join(', ')}`;
  }

  /** A refusal as it is; anything else is Faxline's own failure: 451, so that the client tries again later. */
  function refusedOrFailed(error: Error): Error {
    if ('responseCode' in error) return error;
    logger.error({ err: error }, 'e-mail to fax: a message could not be handled');
    return smtpError(451, '4.3.0', 'Faxline could not take the message now; try again later.');
  }

  const port = config.emailToFax.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.emailToFax.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that resets its connection mid-message is its own affair; anything else is logged.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') logger.warn({ err: error }, 'e-mail to fax gateway error');
  });
  const listening = (server.server.address() as AddressInfo).port;
  logger.info({ port: listening, domain, starttls: Boolean(tls) }, 'e-mail to fax gateway listening');
  return { port: listening, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The local part and the lower-case domain of an address. */
function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return at < 0 ? [address, ''] : [address.slice(0, at), address.slice(at + 1).toLowerCase()];
}
