// E-mail to fax: how many messages a second the SMTP gateway turns into faxes, and how long a client waits
// from the end of its DATA (the "." line) to the 250 that means its fax is queued (recorded, stored, its first job
// queued: a promise kept through restarts). CLIENTS clients each keep one connection and send their messages one after
// another, each a one-page PDF to another account's number. Beside it, the anchor: the same clients and messages to a
// bare smtp-server on loopback that reads each message and answers 250, so that the ratio is Faxline's own work.
// The server is a build (`node main.js`) with its own embedded PostgreSQL; the sender's policy is "report" (mailauth
// checks SPF, DKIM and DMARC against a DNS this machine cannot reach, and records the results).
// Run: npx tsx bench/email-to-fax.ts [--server apps/server/dist/main.js] [--messages 200] [--clients 10]
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { onePagePdf, openDatabase, signUp, withoutPageLimit } from './support/faxline';
import { freePort, onCleanup, readArgs, runBench, startFaxline } from './support/processes';
import { count, duration, log, machineLine, percentile, printTable } from './support/report';

const args = readArgs({ messages: '200', clients: '10' });
const MESSAGES = Number(args.messages);
const CLIENTS = Number(args.clients);

/** A minimal SMTP client: one connection, commands one at a time, each reply read whole. */
class SmtpClient {
  private buffer = '';
  private waiting: ((line: string) => void) | null = null;
  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('latin1');
      this.deliver();
    });
  }

  static async open(port: number): Promise<SmtpClient> {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const client = new SmtpClient(socket);
    await client.expect(await client.reply(), '220');
    await client.expect(await client.command('EHLO bench.test'), '250');
    return client;
  }

  /** The last line of the next whole reply ("250-..." lines go on; "250 ..." ends it). */
  private deliver() {
    if (!this.waiting) return;
    for (;;) {
      const end = this.buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      if (/^\d{3} /.test(line)) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(line);
        return;
      }
    }
  }

  reply(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.deliver();
    });
  }

  command(line: string): Promise<string> {
    const answer = this.reply();
    this.socket.write(`${line}\r\n`);
    return answer;
  }

  async expect(line: string, code: string) {
    if (!line.startsWith(code)) throw new Error(`expected ${code}, got: ${line}`);
  }

  /** Sends one message; returns the ms from the end of its data to the server's final reply. */
  async send(from: string, to: string, message: string): Promise<number> {
    await this.expect(await this.command(`MAIL FROM:<${from}>`), '250');
    await this.expect(await this.command(`RCPT TO:<${to}>`), '250');
    await this.expect(await this.command('DATA'), '354');
    const answer = this.reply();
    this.socket.write(`${message}\r\n.\r\n`);
    const sentAt = performance.now();
    await this.expect(await answer, '250');
    return performance.now() - sentAt;
  }

  close() {
    this.socket.end('QUIT\r\n');
  }
}

function messageOf(from: string, to: string, index: number, pdf: Buffer): string {
  const base64 = pdf.toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: Bench ${index}`,
    `Message-ID: <bench-${index}-${Date.now()}@bench.test>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'One page, sent by e-mail.',
    '--b',
    'Content-Type: application/pdf; name="page.pdf"',
    'Content-Disposition: attachment; filename="page.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    base64,
    '--b--',
  ].join('\r\n');
}

/** CLIENTS connections sending MESSAGES messages in all; each message's wait after its data, and the whole time. */
async function drive(port: number, from: string, to: string, pdf: Buffer) {
  const waits: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = await SmtpClient.open(port);
      while (next < MESSAGES) {
        const index = next++;
        waits.push(await client.send(from, to, messageOf(from, to, index, pdf)));
      }
      client.close();
    }),
  );
  return { waits, seconds: (performance.now() - started) / 1000 };
}

async function startBareSmtp(): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup('the bare SMTP server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.server.address() as AddressInfo).port;
}

await runBench(async () => {
  const smtpPort = await freePort();
  const faxline = await startFaxline(args.server, { SMTP_INGRESS_PORT: String(smtpPort), SMTP_INGRESS_HOST: '127.0.0.1' });
  const db = openDatabase(await faxline.databaseUrl());
  const sender = await signUp(faxline.url, db, 'Bench Mail Sender');
  const recipient = await signUp(faxline.url, db, 'Bench Mail Recipient');
  if (!recipient.number) throw new Error('the recipient account got no fax number');
  await withoutPageLimit(db, sender.accountId);
  const pdf = await onePagePdf();
  const to = `${recipient.number.slice(1)}@fax.localhost`;

  log(`anchor: ${MESSAGES} messages from ${CLIENTS} clients to a bare smtp-server`);
  const bare = await drive(await startBareSmtp(), sender.email, to, pdf);
  log(`Faxline: ${MESSAGES} messages from ${CLIENTS} clients to the gateway`);
  const gateway = await drive(smtpPort, sender.email, to, pdf);

  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM faxes WHERE account_id = $1 AND channel = 'email'",
    [sender.accountId],
  );
  const faxes = rows[0]?.n ?? 0;
  const summary = (waits: number[]) =>
    `median ${duration(percentile(waits, 50))}, p95 ${duration(percentile(waits, 95))}, max ${duration(Math.max(...waits))}`;
  printTable(`E-mail to fax: ${MESSAGES} one-page messages from ${CLIENTS} clients; ${machineLine()}`, [
    { measure: 'anchor: bare smtp-server, messages per second', result: count(MESSAGES / bare.seconds) },
    { measure: 'anchor: bare smtp-server, end of DATA -> 250', result: summary(bare.waits) },
    {
      measure: 'gateway: messages per second',
      result: `${count(MESSAGES / gateway.seconds)} (${((bare.seconds / gateway.seconds) * 100).toFixed(1)}% of the anchor's rate)`,
    },
    { measure: 'gateway: end of DATA -> 250 (fax queued)', result: summary(gateway.waits) },
    { measure: 'faxes recorded', result: String(faxes), goal: String(MESSAGES), met: faxes === MESSAGES },
  ]);
});
