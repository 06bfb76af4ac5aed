import type { AddressInfo } from 'node:net';
import { ZSendFaxResponse, ZWebhookSecretResponse } from '@faxline/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { smtpSink } from '@test-support/smtp-sink';
import { emailHandovers } from '../../src/email/schema';
import { faxEvents } from '../../src/events/schema';
import { faxes } from '../../src/faxes/schema';
import { webhookAttempts, webhookMessages } from '../../src/webhooks/schema';
import { unlimitedCustomer, waitUntilAllFinal, type Send } from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { startStandbyFaxline, type ServerBundle, type StandbyFaxline } from '@test-support/faxline-process';
import { serverBundleOfThisRun } from '../support/server-bundle';
import { ProcessLogs } from '../support/process-logs';
import { openSplitTestApp, type SplitTestApp } from '../support/split-test-app';
import { signIn, TEST_ORIGIN } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Fax events survive a dying worker: "A worker killed 10 times while 50 faxes complete: every event delivered, none
// twice (count per event id)". The API runs here; the worker (which relays the outbox and runs every consumer) is the production bundle
// in a process of its own, killed with SIGKILL at random moments while it works. Each of the 50 faxes (sender to
// recipient, internal line) makes 4 events: the sender's endpoint hears fax.queued, fax.sending and fax.delivered, the
// recipient's fax.received (200 webhooks); the sender gets a delivery confirmation and the recipient the fax by e-mail
// (100 e-mails). Decision 051: a worker killed while a receiver answered sends that one message again with the same
// identity; the test accepts a second arrival only for a webhook or an e-mail whose record shows that try as interrupted.

const FAXES = 50;
const KILLS = 10;
const SETTLE_MS = 180_000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

let t: SplitTestApp;
let bundle: ServerBundle;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: StandbyFaxline | undefined;
const logs = new ProcessLogs();

/** Every message the SMTP server was handed, by Message-ID. */
const mail = new Map<string, number>();
const smtp = smtpSink((head) => {
  const id = /^message-id:\s*(<[^>]*>)/im.exec(head)?.[1] ?? `(none ${Math.random()})`;
  mail.set(id, (mail.get(id) ?? 0) + 1);
});

// A worker killed in the middle of a message resets its connection: expected here, not an error of the test.
smtp.on('error', () => undefined);

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  receiver = await startWebhookReceiver();
  [t, bundle] = await Promise.all([openSplitTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } }), serverBundleOfThisRun()]);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await receiver?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}, 60_000);

function workerProcess(incarnation: number): StandbyFaxline {
  return startStandbyFaxline(bundle, {
    name: `worker#${incarnation}`,
    role: 'worker',
    env: {
      ...t.workerEnv,
      FAX_CLOCK_SCALE: '0.001',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      MAIL_FROM: 'Faxline <no-reply@faxline.test>',
    },
    onLine: logs.of(`worker#${incarnation}`),
  });
}

async function createEndpoint(cookie: string, path: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { url: receiver.url(path), events: ['fax.queued', 'fax.sending', 'fax.delivered', 'fax.received'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZWebhookSecretResponse.parse(response.json()).endpoint.id;
}

async function jobsActive(): Promise<number> {
  // Started in the last 3 s: a job of a killed worker stays active until it is handed back.
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where state = 'active' and started_on > now() - interval '3 seconds'`,
  );
  return rows[0]?.n ?? 0;
}

describe('fax events while the worker is killed with SIGKILL', () => {
  it(`tells every event of ${FAXES} faxes once through ${KILLS} kills`, async () => {
    const sender = await unlimitedCustomer(t, 'Events Crash Sender');
    const recipient = await unlimitedCustomer(t, 'Events Crash Recipient');
    const senderCookie = await signIn(t.app, sender.email);
    await createEndpoint(senderCookie, '/sender');
    await createEndpoint(await signIn(t.app, recipient.email), '/recipient');
    const pdf = await makePdf(1);

    let incarnation = 1;
    worker = workerProcess(incarnation);
    worker.start();
    await worker.ready;

    const sends: Send[] = [];
    const sendAll = async () => {
      for (let i = 0; i < FAXES; i += 1) {
        const answer = await sendFaxRequest(t.app, senderCookie, { recipientNumber: recipient.number, faxQuality: 'standard' }, [
          { name: `page-${i}.pdf`, bytes: pdf },
        ]);
        sends.push({
          key: `events-${i}`,
          line: 'internal',
          status: answer.statusCode,
          faxId: answer.statusCode === 202 ? ZSendFaxResponse.parse(answer.json()).faxId : undefined,
          at: Date.now(),
        });
        await delay(150);
      }
    };
    // Each kill lands at a random moment while the worker has jobs running (a kill between jobs proves nothing).
    const interrupted: number[] = [];
    const chaos = async () => {
      for (let k = 0; k < KILLS; k += 1) {
        await delay(between(200, 1_200));
        const busyBy = Date.now() + 3_000;
        while ((await jobsActive()) === 0 && Date.now() < busyBy) await delay(10);
        interrupted.push(await jobsActive());
        await worker!.kill();
        incarnation += 1;
        worker = workerProcess(incarnation);
        worker.start();
        await worker.ready;
      }
    };
    await Promise.all([sendAll(), chaos()]);
    await waitUntilAllFinal(t.db, sends, SETTLE_MS);

    const faxIds = sends.flatMap((s) => (s.faxId ? [s.faxId] : []));
    // Every event's webhook delivered and every e-mail handed over, or the settling time is up.
    const settleFrom = Date.now();
    const settleBy = settleFrom + SETTLE_MS;
    const pending = async () =>
      (
        await t.db
          .select({ id: webhookMessages.id })
          .from(webhookMessages)
          .where(inArray(webhookMessages.status, ['pending']))
      ).length;
    while (Date.now() < settleBy && ((await pending()) > 0 || mail.size < 2 * FAXES)) await delay(500);
    await delay(2_000); // a late second arrival would show now

    const copies = await t.db.select({ id: faxes.id }).from(faxes).where(inArray(faxes.sourceFaxId, faxIds));
    const events = await t.db
      .select()
      .from(faxEvents)
      .where(inArray(faxEvents.faxId, [...faxIds, ...copies.map((c) => c.id)]));

    const messages = await t.db.select().from(webhookMessages);
    const attempts = await t.db.select().from(webhookAttempts);
    const arrivals = new Map<string, number>();
    for (const path of ['/sender', '/recipient'])
      for (const r of receiver.at(path)) arrivals.set(r.headers['webhook-id']!, (arrivals.get(r.headers['webhook-id']!) ?? 0) + 1);
    const cut = new Set(attempts.filter((a) => a.error === 'interrupted').map((a) => a.messageId));
    const twice = [...arrivals].filter(([, n]) => n > 1).map(([id]) => id);
    const mailedTwice = [...mail].filter(([, n]) => n > 1).map(([id]) => id);
    const handovers = await t.db.select().from(emailHandovers);
    const mailCut = new Set(handovers.filter((h) => h.interruptedTries > 0).map((h) => h.messageId));

    console.log(
      `events crash battery: ${sends.length} faxes, ${interrupted.length} kills (jobs running at each: ${interrupted.join(' ')}); ` +
        `${events.length} events, ${messages.length} webhook messages, ${arrivals.size} arrived (${twice.length} twice, ` +
        `${cut.size} tries cut by a kill), ${mail.size} e-mails (${mailedTwice.length} twice, ${mailCut.size} handovers cut by a kill); ` +
        `all told ${Math.round((Date.now() - settleFrom) / 1000)} s after the last fax ended`,
    );

    expect(sends.filter((s) => s.status !== 202)).toEqual([]);
    expect(interrupted).toHaveLength(KILLS);
    expect(
      await t.db
        .select({ id: faxes.id })
        .from(faxes)
        .where(and(inArray(faxes.id, faxIds), eq(faxes.status, 'delivered'))),
    ).toHaveLength(FAXES);
    // Each fax's 4 events, recorded once each, all relayed.
    expect(events).toHaveLength(4 * FAXES);
    expect(new Set(events.map((e) => `${e.faxId}:${e.type}`)).size).toBe(4 * FAXES);
    expect(events.filter((e) => e.dispatchedAt === null)).toEqual([]);
    expect(await t.db.select().from(faxEvents).where(isNull(faxEvents.dispatchedAt))).toEqual([]);
    // One webhook message per event and endpoint, each delivered, each arrived; a second arrival only after a cut try.
    expect(messages).toHaveLength(4 * FAXES);
    expect(messages.filter((m) => m.status !== 'delivered')).toEqual([]);
    expect(messages.filter((m) => !arrivals.has(m.id)).map((m) => m.id)).toEqual([]);
    expect(twice.filter((id) => !cut.has(id))).toEqual([]);
    // One confirmation and one fax-to-email per fax, each with its own Message-ID, each handed over once (a second
    // time only after a handover cut by a kill), each recorded as handed over.
    expect(mail.size).toBe(2 * FAXES);
    expect(mailedTwice.filter((id) => !mailCut.has(id))).toEqual([]);
    expect(handovers.filter((h) => mail.has(h.messageId) && !h.handedOverAt).map((h) => h.messageId)).toEqual([]);
  }, 600_000);
});
