import fs from 'node:fs';
import { isIPv4, isIPv6, type AddressInfo } from 'node:net';
import { isE164, MAX_ATTACHMENTS, MAX_EMAIL_FAX_RECIPIENTS } from '@faxline/shared';
import { Semaphore } from 'async-mutex';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { envelopeSpf } from './authenticate-sender';
import { faxByEmail, type FaxByEmailDeps } from './fax-by-email';
import { senderOf, type EmailSender } from './senders';
import { openSpool, type SpooledFile } from './spool';
import { ticketReplyByEmail } from './ticket-reply-by-email';
import { ticketForEmailReply } from '../tickets/email-reply-ticket';
import { looksLikeTicketReplyAddress, ticketOfReplyAddress } from '../tickets/ticket-reply-address';

const MB = 1024 * 1024;

/**
 * The largest message that can become a fax: five files of the back office's largest size, in base64 (4/3, with its
 * line breaks), and the text and headers around them. A larger one is refused with 552 when its
 * SIZE is announced, or as its data passes the limit (decision 066).
 */
export function maxMessageBytes(maxFileSizeMB: number): number {
  return Math.ceil((MAX_ATTACHMENTS * maxFileSizeMB * MB * 4) / 3 / 76) * 78 + MB;
}

/** Sessions a gateway serves at once; more wait for a free one (421 from smtp-server). */
const MAX_CLIENTS = 100;

export type EmailGateway = { port: number; stop: () => Promise<void> };

/** An SMTP refusal: smtp-server replies with `responseCode` and the message, which starts with its RFC 3463 status. */
function smtpError(code: number, status: string, text: string): Error {
  return Object.assign(new Error(`${status} ${text}`), { responseCode: code });
}

const mailboxOf = (mailFrom: string) => /<?([^<>\s]+@[^<>\s]+)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase() ?? '';

/** What a transaction's sender is, looked up once: who it is, and (under enforce) its envelope's SPF result. */
type SenderLookup = { address: string; sender: Promise<EmailSender | null>; spf?: Promise<string> };

/**
 * E-mail to fax's SMTP gateway: mail to `<number's digits>@<fax domain>` becomes a fax to that
 * number; mail to a support ticket's signed reply address (`ticket-…@<fax domain>`, decision 114) joins that ticket's
 * thread, in a message of its own. Senders are checked at RCPT (a stranger, or under enforce a client its domain's SPF refuses, is refused
 * before sending a byte of the message), the message at the end of DATA, where it is faxed or refused with a reply that
 * says why; nothing is kept of a refused one. A message goes to an encrypted spool as it arrives, and is read from
 * there within a memory budget, so that no number of large messages fills the process (decision 066).
 */
export async function startEmailGateway(deps: FaxByEmailDeps): Promise<EmailGateway> {
  const { config, logger } = deps;
  const { domain, tls, limits } = config.emailToFax;
  const ownAddress = mailboxOf(config.mailFrom);
  const spool = await openSpool(config.emailToFax.spoolDir);
  // Messages being read into faxes hold their files in memory: their sizes, in MB, share this budget.
  const budget = new Semaphore(limits.readingMB);
  const senders = new WeakMap<SMTPServerSession, SenderLookup>();
  const lookupIn = (session: SMTPServerSession): SenderLookup => {
    const address = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
    const known = senders.get(session);
    if (known?.address === address) return known;
    const lookup = { address, sender: senderOf(deps.db, address, config.emailToFax) };
    senders.set(session, lookup);
    return lookup;
  };
  const senderIn = (session: SMTPServerSession) => lookupIn(session).sender;
  const spfIn = (session: SMTPServerSession) => {
    const lookup = lookupIn(session);
    lookup.spf ??= envelopeSpf(
      { ip: session.remoteAddress, helo: session.hostNameAppearsAs, sender: lookup.address },
      { mta: domain, ...(deps.resolver ? { resolver: deps.resolver } : {}) },
    );
    return lookup.spf;
  };
  const connections = connectionCounts(limits);
  // The ticket a transaction replies to, once its recipient was found to be a ticket's reply address.
  const ticketReplies = new WeakMap<SMTPServerSession, string>();

  const server = new SMTPServer({
    name: domain,
    banner: 'Faxline e-mail to fax',
    size: maxMessageBytes((await deps.systemSettings.current()).maxFileSizeMB),
    maxClients: MAX_CLIENTS,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { key: fs.readFileSync(tls.keyPath), cert: fs.readFileSync(tls.certPath) } : {}),
    logger: false,

    onConnect(session, callback) {
      if (!connections.openClient(session)) {
        return callback(smtpError(421, '4.7.0', `Too many connections from ${session.remoteAddress} at once; try again later.`));
      }
      // The size EHLO announces follows the back office's file size (smtp-server reads this option at each use).
      deps.systemSettings.current().then(
        (rules) => {
          server.options.size = maxMessageBytes(rules.maxFileSizeMB);
          callback();
        },
        (error: Error) => callback(refusedOrFailed(error)),
      );
    },

    onClose(session) {
      connections.close(session);
    },

    onMailFrom(address: SMTPServerAddress, session, callback) {
      const from = address.address.toLowerCase();
      // Mail loops (RFC 3834): a bounce, or a message from Faxline itself, never becomes a fax or gets a reply.
      if (!from) return callback(smtpError(550, '5.7.1', 'Delivery reports and bounces are not faxed.'));
      if (from === ownAddress || from.endsWith(`@${domain}`)) {
        return callback(smtpError(550, '5.7.1', 'Messages from Faxline itself are not faxed.'));
      }
      if (!connections.openSender(session, from)) {
        return callback(smtpError(451, '4.7.1', `Too many connections from ${from} at once; try again later.`));
      }
      ticketReplies.delete(session);
      callback();
    },

    onRcptTo(address: SMTPServerAddress, session, callback) {
      void (async () => {
        const [local = '', host = ''] = splitAddress(address.address);
        if (host !== domain) throw smtpError(550, '5.7.1', `Relaying denied: this server takes mail for <number>@${domain} only.`);
        if (looksLikeTicketReplyAddress(local)) return acceptTicketReply(address.address, local, session);
        if (ticketReplies.has(session)) {
          throw smtpError(452, '4.5.3', 'A reply to a support ticket goes in a message of its own: send the fax in another.');
        }
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
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const sender = await senderIn(session);
        if (!sender) {
          throw smtpError(
            550,
            '5.7.1',
            `${from} may not send faxes through Faxline: send from the address of your Faxline account, or ask its owner to allow this one.`,
          );
        }
        // Under enforce, a domain whose SPF says this client may not send for it is refused before its message is read.
        if (sender.rules.authPolicy === 'enforce' && (await spfIn(session)) === 'fail') {
          throw smtpError(
            550,
            '5.7.23',
            `The SPF record of ${from.split('@').pop()} does not allow ${session.remoteAddress} to send its mail.`,
          );
        }
      })().then(
        () => callback(),
        (error: Error) => callback(refusedOrFailed(error)),
      );
    },

    onData(stream: SMTPServerDataStream, session, callback) {
      void receiveData(stream, session).then(
        (reply) => callback(null, reply),
        (error: Error) => callback(refusedOrFailed(error)),
      );
    },
  });

  /** Spools the message as it arrives; over the size limit, the rest is read and dropped, and the message refused. */
  async function receiveData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    async function* withinSize() {
      for await (const chunk of stream as AsyncIterable<Buffer>) if (!stream.sizeExceeded) yield chunk;
    }
    const raw = await spool.store(withinSize()).catch((error: NodeJS.ErrnoException) => {
      // The client went away mid-message: nothing was kept, and there is no one to answer.
      if (error.code === 'ECONNECTION' || error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
        throw smtpError(451, '4.3.0', 'The connection closed before the message was received.');
      }
      throw error;
    });
    try {
      if (stream.sizeExceeded) {
        throw smtpError(552, '5.3.4', `Message too large: at most ${server.options.size} bytes can become a fax.`);
      }
      const weight = Math.min(limits.readingMB, Math.max(1, Math.ceil(raw.size / MB)));
      const ticketId = ticketReplies.get(session);
      return await budget.runExclusive(() => (ticketId ? receiveTicketReply(raw, session, ticketId) : receive(raw, session)), weight);
    } finally {
      await raw.remove();
    }
  }

  /**
   * A ticket's reply address at RCPT: alone in its message, signed by us, and written to by the ticket's own sender;
   * anything else is refused before a byte of the message is sent.
   */
  async function acceptTicketReply(address: string, local: string, session: SMTPServerSession): Promise<void> {
    if (session.envelope.rcptTo.length > 0) {
      throw smtpError(452, '4.5.3', 'A reply to a support ticket goes in a message of its own: send it to that address alone.');
    }
    const ticketId = await ticketOfReplyAddress(config, local);
    if (!ticketId) throw smtpError(550, '5.1.1', `${address} is not the reply address of a Faxline support ticket.`);
    const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    if (!(await ticketForEmailReply(deps.db, ticketId, from))) {
      throw smtpError(550, '5.7.1', `${from} may not reply to this support ticket: reply from the address its e-mails were sent to.`);
    }
    ticketReplies.set(session, ticketId);
  }

  async function receiveTicketReply(raw: SpooledFile, session: SMTPServerSession, ticketId: string): Promise<string> {
    const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
    const verdict = await ticketReplyByEmail(deps, {
      raw,
      spool,
      ticketId,
      client: { ip: session.remoteAddress, helo: session.hostNameAppearsAs, mailFrom },
    });
    logger.info(
      { from: mailFrom, ticketId, accepted: verdict.accepted, ...(verdict.accepted ? {} : { reason: verdict.reason }) },
      verdict.accepted ? 'ticket reply by e-mail: added' : 'ticket reply by e-mail: refused',
    );
    if (!verdict.accepted) throw smtpError(verdict.code, verdict.status, verdict.reason);
    return `2.0.0 Added to support ticket #${verdict.reference}`;
  }

  async function receive(raw: SpooledFile, session: SMTPServerSession): Promise<string> {
    const sender = await senderIn(session);
    if (!sender) throw smtpError(550, '5.7.1', 'Sender not allowed.');
    const addresses = session.envelope.rcptTo.map((rcpt) => rcpt.address);
    const recipients = [...new Set(addresses.map((address) => `+${(splitAddress(address)[0] ?? '').replace(/^\+/, '')}`))];
    const verdict = await faxByEmail(deps, {
      raw,
      spool,
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
  return {
    port: listening,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await spool.close();
    },
  };
}

/**
 * The connections open per client (an IPv4 address, or an IPv6 /64: one subscriber's network) and per sending address
 * (the last MAIL FROM of each connection), each bounded, so that no one client or sender holds the gateway's sessions.
 */
function connectionCounts(limits: { perClient: number; perSender: number }) {
  const clients = new Map<string, number>();
  const senders = new Map<string, number>();
  const clientOfSession = new Map<string, string>();
  const senderOfSession = new Map<string, string>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const leaveSender = (session: SMTPServerSession) => {
    const sender = senderOfSession.get(session.id);
    if (sender === undefined) return;
    senderOfSession.delete(session.id);
    add(senders, sender, -1);
  };
  return {
    openClient(session: SMTPServerSession): boolean {
      const client = clientOf(session.remoteAddress);
      if ((clients.get(client) ?? 0) >= limits.perClient) return false;
      add(clients, client, 1);
      clientOfSession.set(session.id, client);
      return true;
    },
    openSender(session: SMTPServerSession, sender: string): boolean {
      leaveSender(session);
      if ((senders.get(sender) ?? 0) >= limits.perSender) return false;
      add(senders, sender, 1);
      senderOfSession.set(session.id, sender);
      return true;
    },
    close(session: SMTPServerSession) {
      leaveSender(session);
      const client = clientOfSession.get(session.id);
      if (client === undefined) return;
      clientOfSession.delete(session.id);
      add(clients, client, -1);
    },
  };
}

/** The client a connection counts against: its IPv4 address, or the /64 network of its IPv6 address. */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The local part and the lower-case domain of an address. */
function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return at < 0 ? [address, ''] : [address.slice(0, at), address.slice(at + 1).toLowerCase()];
}
