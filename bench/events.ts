// Fax events out: how soon after a fax reaches its final state its e-mail is handed to SMTP and its webhook
// gets its first try. Faxes go one at a time from one account to another's number (the internal line), so no fax
// waits behind another; for each, the bench takes the moment its final event was recorded (`fax_events.created_at`,
// the committing transaction's time) and the moment the bench's own SMTP server and webhook receiver got the message:
//   email    the sender's delivery confirmation and the recipient's fax-to-email, each from its fax's final event
//   webhook  the sender's fax.delivered and the recipient's fax.received, at their first try
// Goal: median of 20 <= 2 s. The anchor beside it: the relay's fallback poll (2 s) that a missed notification waits.
// The server is a build (`node main.js`) with its own embedded PostgreSQL on a temporary folder; SMTP_URL points at
// a local smtp-server and the endpoints at a loopback receiver (development mode allows both).
// Run: npx tsx bench/events.ts [--server apps/server/dist/main.js] [--faxes 20]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { smtpSink } from '../test-support/smtp-sink';
import { onePagePdf, openDatabase, postForm, sendForm, signUp, type Customer } from './support/faxline';
import { send } from './support/http';
import { onCleanup, readArgs, runBench, startFaxline } from './support/processes';
import { duration, log, machineLine, percentile, printTable } from './support/report';

const args = readArgs({ faxes: '20' });
const FAXES = Number(args.faxes);
const GOAL_MS = 2_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** When the bench's SMTP server got each event's first e-mail, by fax event id. */
const emailAt = new Map<string, number>();

async function startSmtp(): Promise<string> {
  const server = smtpSink((head) => {
    const at = Date.now();
    // The Message-ID is made from the event and the address (decision 051).
    const eventId = /^message-id:\s*<([^>]*)>/im.exec(head)?.[1]?.match(UUID)?.[0];
    if (eventId && !emailAt.has(eventId)) emailAt.set(eventId, at);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup('the SMTP server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** The receiver keeps, per webhook message, when it came and which fax event it carries. */
const messageEvent = new Map<string, { at: number; faxId: string; type: string }>();
async function startReceiver(): Promise<string> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const at = Date.now();
      const id = String(request.headers['webhook-id']);
      const payload = JSON.parse(body) as { type: string; data: { id?: string; fax_id?: string } };
      if (!messageEvent.has(id)) messageEvent.set(id, { at, faxId: payload.data.fax_id ?? payload.data.id ?? '', type: payload.type });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup('the webhook receiver', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

async function createEndpoint(baseUrl: string, customer: Customer, url: string, events: string[]) {
  const reply = await send(`${baseUrl}/api/webhooks`, {
    method: 'POST',
    headers: { cookie: customer.cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ url, events, description: 'bench' })),
  });
  if (reply.status !== 201) throw new Error(`creating an endpoint answered ${reply.status}: ${reply.body}`);
}

await runBench(async () => {
  const smtpUrl = await startSmtp();
  const receiverUrl = await startReceiver();
  const faxline = await startFaxline(args.server, { SMTP_URL: smtpUrl, MAIL_FROM: 'Faxline <no-reply@faxline.test>' });
  const db = openDatabase(await faxline.databaseUrl());
  const sender = await signUp(faxline.url, db, 'Bench Sender');
  const recipient = await signUp(faxline.url, db, 'Bench Recipient');
  if (!recipient.number) throw new Error('the recipient account got no fax number');
  await createEndpoint(faxline.url, sender, receiverUrl, ['fax.delivered']);
  await createEndpoint(faxline.url, recipient, receiverUrl, ['fax.received']);
  const pdf = await onePagePdf();

  const emailLags: number[] = [];
  const webhookLags: number[] = [];
  for (let i = 0; i < FAXES; i += 1) {
    const reply = await postForm(faxline.url, await sendForm(faxline.url, sender, { to: recipient.number, tag: `events-${i}`, pdf }));
    if (reply.status !== 202) throw new Error(`send answered ${reply.status}: ${reply.body}`);
    const faxId = (JSON.parse(reply.body) as { faxId: string }).faxId;
    // The final events of this fax and of its copy in the recipient's inbox, once both are recorded and told.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ id: string; fax_id: string; type: string; at: Date }>(
        `SELECT e.id, e.fax_id, e.type, e.created_at AS at FROM fax_events e
         WHERE (e.fax_id = $1 AND e.type = 'fax.delivered')
            OR (e.type = 'fax.received' AND e.fax_id IN (SELECT id FROM faxes WHERE source_fax_id = $1))`,
        [faxId],
      );
      const told = rows.filter(
        (e) => emailAt.has(e.id) && [...messageEvent.values()].some((m) => m.faxId === e.fax_id && m.type === e.type),
      );
      if (rows.length === 2 && told.length === 2) {
        for (const e of rows) {
          emailLags.push(emailAt.get(e.id)! - e.at.getTime());
          const first = [...messageEvent.values()].find((m) => m.faxId === e.fax_id && m.type === e.type)!;
          webhookLags.push(first.at - e.at.getTime());
        }
        break;
      }
      if (Date.now() > deadline) throw new Error(`fax ${i} (${faxId}): its events were not all told within 60 s (${JSON.stringify(rows)})`);
      await sleep(20);
    }
    log(`fax ${i + 1}/${FAXES}: e-mail ${duration(emailLags.at(-1)!)}, webhook ${duration(webhookLags.at(-1)!)}`);
  }

  const median = (xs: number[]) => percentile(xs, 50);
  printTable(`Fax events out: ${FAXES} faxes, one at a time (each gives 2 e-mails and 2 webhooks); ${machineLine()}`, [
    { measure: 'anchor: the relay poll a missed notification waits', result: duration(2_000) },
    {
      measure: `final state -> e-mail handed to SMTP (${emailLags.length})`,
      result: `median ${duration(median(emailLags))}, p95 ${duration(percentile(emailLags, 95))}, max ${duration(Math.max(...emailLags))}`,
      goal: `median <= ${duration(GOAL_MS)}`,
      met: median(emailLags) <= GOAL_MS,
    },
    {
      measure: `final state -> webhook's first try (${webhookLags.length})`,
      result: `median ${duration(median(webhookLags))}, p95 ${duration(percentile(webhookLags, 95))}, max ${duration(Math.max(...webhookLags))}`,
      goal: `median <= ${duration(GOAL_MS)}`,
      met: median(webhookLags) <= GOAL_MS,
    },
  ]);
});
