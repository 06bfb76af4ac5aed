import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ZSendFaxResponse, ZWebhookSecretResponse } from '@faxline/shared';
import { inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { smtpSink } from '@test-support/smtp-sink';
import { emailHandovers } from '../../src/email/schema';
import { faxEvents } from '../../src/events/schema';
import { faxes } from '../../src/faxes/schema';
import { webhookAttempts, webhookMessages } from '../../src/webhooks/schema';
import {
  databaseActivity,
  examineFaxes,
  NOTHING_WRONG,
  wrongnessOf,
  SANDBOX_DELIVERS,
  statusCounts,
  unlimitedCustomer,
  waitUntilAllFinal,
  type Send,
} from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { startStandbyFaxline, type ServerBundle, type StandbyFaxline } from '@test-support/faxline-process';
import { serverBundleOfThisRun } from '../support/server-bundle';
import { describeProcess } from '@test-support/process-table';
import { ProcessLogs } from '../support/process-logs';
import { openSplitTestApp, type SplitTestApp } from '../support/split-test-app';
import { signIn, TEST_ORIGIN } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

// The reliability battery: "200 faxes while the worker is killed (kill -9) 20 times: every fax in
// exactly one final state, each delivered once (counted on the receiving inbox)". The API runs here; the worker is the
// real server (`--role=worker`, the production bundle) in a process of its own, on the same database and files.
//
// The same kills keep the events' promise too: "every event delivered, none twice (count per event id)". The worker
// relays the outbox and runs every consumer, so each fax's events go to a webhook endpoint of the sender and of the
// recipient (fax.queued, fax.sending, fax.delivered; fax.received on the recipient's copy) and its e-mails to an SMTP
// server (the sender's delivery confirmation; the recipient's fax by e-mail). Decision 051: a worker killed while a
// receiver answered sends that one message again with the same identity, so a second arrival is accepted only for a
// webhook or an e-mail whose record shows that try as interrupted. (One battery for both: decision 078, eighth look.)

const FAXES = 200;
const KILLS = 20;
/** Sends in flight at once, and the pause between two of one sender. */
const SENDERS = 4;
const SEND_EVERY_MS = 250;
/**
 * After the last kill, how long the faxes may go without one more reaching its final state: a job whose worker died
 * is handed back by the queue's orphan check (its lock is free: 10 s after it started, checked every 5 s) and runs
 * again at once; a fax hit again on its retry waits that again. While faxes keep arriving the wait goes on, up to the
 * budget.
 */
const STALL_MS = 90_000;
/**
 * The whole battery's time. It is CPU work (21 server starts, 200 documents rendered): about three minutes on two idle
 * cores, far more on a shared machine. Kills stop when 70% of it is spent, so that the test reports its figures
 * (and fails for the kills it could not make) instead of timing out silently.
 */
const BUDGET_MS = 840_000;
/** After the last fax's final state, how long its webhooks and e-mails may take to be told. */
const TOLD_MS = 180_000;

const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

let t: SplitTestApp;
let bundle: ServerBundle;
let worker: StandbyFaxline | undefined;
let spare: StandbyFaxline | undefined;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
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
  finished = true;
  await Promise.all([worker?.stop(), spare?.stop()]);
  await t?.close();
  await receiver?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}, 60_000);

/** Workers that ended without being killed by the test (a fatal error: main.ts exits on an unhandled rejection). */
const unexpectedExits: string[] = [];
const killedByTest = new Set<StandbyFaxline>();
let finished = false;
/** The faxes the battery sent, for the verdict on their events (the second test). */
let faxesOfTheBattery: Send[] | undefined;

/** A worker process on standby: its dependencies load while the current worker works, as a warm spare's would. */
function standbyWorker(incarnation: number): StandbyFaxline {
  const child = startStandbyFaxline(bundle, {
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
  void child.exited.then(({ code, signal }) => {
    if (killedByTest.has(child) || finished) return;
    const last = logs.lines.filter((l) => l.process === child.name).slice(-5);
    unexpectedExits.push(
      `${child.name} exited by itself (${code ?? signal}):\n${last.map((l) => `    ${l.text.slice(0, 400)}`).join('\n')}`,
    );
  });
  return child;
}

/** Jobs the current worker is running: active jobs started since it was ready (a dead worker's stay active too). */
async function jobsRunningSince(since: Date): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where state = 'active' and started_on >= ${since.toISOString()}`,
  );
  return rows[0]?.n ?? 0;
}

/** A webhook endpoint of the person signed in with `cookie`, for every event a fax of theirs makes, at `path`. */
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

/**
 * What the accepted faxes of `sends` must tell: three events on each fax and fax.received on each internal fax's copy;
 * a delivery confirmation to the sender of each and the fax by e-mail to the recipient of each internal one.
 */
function toldByRight(sends: Send[]) {
  const accepted = sends.filter((s) => s.status === 202 && s.faxId);
  const internal = accepted.filter((s) => s.line === 'internal').length;
  return { events: 3 * accepted.length + internal, mails: accepted.length + internal };
}

/**
 * Waits until every event has its webhook message (a fan-out cut by a kill runs again after its retry's wait), none is
 * pending, and `expected.mails` e-mails arrived, or `timeoutMs` is up.
 */
async function waitUntilAllTold(expected: { events: number; mails: number }, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const messages = () => t.db.select({ status: webhookMessages.status }).from(webhookMessages);
  const untold = async () => {
    const rows = await messages();
    return rows.length < expected.events || rows.some((row) => row.status === 'pending') || mail.size < expected.mails;
  };
  while (Date.now() - started < timeoutMs && (await untold())) await delay(500);
  await delay(2_000); // a late second arrival would show now
  return Date.now() - started;
}

/**
 * The events' verdict: each accepted fax's events recorded once each and relayed (three on the sender's fax, and
 * fax.received on the copy an internal fax makes), one webhook message per event, delivered and arrived, a second
 * arrival only after a try cut by a kill; one e-mail per confirmation and per fax by e-mail, each handed over once
 * (twice only after a cut handover) and recorded as handed over.
 */
async function examineEvents(sends: Send[]) {
  const faxIds = sends.filter((s) => s.status === 202 && s.faxId).map((s) => s.faxId!);
  const copies = await t.db.select({ id: faxes.id }).from(faxes).where(inArray(faxes.sourceFaxId, faxIds));
  const events = await t.db
    .select()
    .from(faxEvents)
    .where(inArray(faxEvents.faxId, [...faxIds, ...copies.map((c) => c.id)]));
  const messages = await t.db.select().from(webhookMessages);
  const attempts = await t.db.select().from(webhookAttempts);
  const arrivals = new Map<string, number>();
  for (const where of ['/sender', '/recipient'])
    for (const r of receiver.at(where)) arrivals.set(r.headers['webhook-id']!, (arrivals.get(r.headers['webhook-id']!) ?? 0) + 1);
  const cut = new Set(attempts.filter((a) => a.error === 'interrupted').map((a) => a.messageId));
  const handovers = await t.db.select().from(emailHandovers);
  const mailCut = new Set(handovers.filter((h) => h.interruptedTries > 0).map((h) => h.messageId));
  return {
    expected: toldByRight(sends),
    events: events.length,
    distinctEvents: new Set(events.map((e) => `${e.faxId}:${e.type}`)).size,
    undispatched: (await t.db.select({ id: faxEvents.id }).from(faxEvents).where(isNull(faxEvents.dispatchedAt))).map((e) => e.id),
    messages: messages.length,
    undelivered: messages.filter((m) => m.status !== 'delivered').map((m) => `${m.id} ${m.status}`),
    neverArrived: messages.filter((m) => !arrivals.has(m.id)).map((m) => m.id),
    arrivedTwiceUncut: [...arrivals].filter(([id, n]) => n > 1 && !cut.has(id)).map(([id]) => id),
    cutTries: cut.size,
    mails: mail.size,
    mailedTwiceUncut: [...mail].filter(([id, n]) => n > 1 && !mailCut.has(id)).map(([id]) => id),
    notRecordedAsHandedOver: handovers.filter((h) => mail.has(h.messageId) && !h.handedOverAt).map((h) => h.messageId),
    cutHandovers: mailCut.size,
  };
}

async function databaseNow(): Promise<Date> {
  const { rows } = await t.db.execute<{ now: string }>(sql`select now()::text as now`);
  return new Date(rows[0]!.now);
}

describe('the worker killed with SIGKILL while faxes flow', () => {
  it(
    `delivers each of ${FAXES} faxes exactly once through ${KILLS} kills`,
    async () => {
      const sender = await unlimitedCustomer(t, 'Crash Sender');
      const recipient = await unlimitedCustomer(t, 'Crash Recipient');
      const cookie = await signIn(t.app, sender.email);
      await createEndpoint(cookie, '/sender');
      await createEndpoint(await signIn(t.app, recipient.email), '/recipient');
      const pdf = await makePdf(1);
      const started = Date.now();

      let incarnation = 1;
      worker = standbyWorker(incarnation);
      worker.start();
      await worker.ready;
      let workingSince = await databaseNow();
      spare = standbyWorker(incarnation + 1);

      const sends: Send[] = [];
      let next = 0;
      // The faxes come in waves, one before each kill and one after the last, so that every kill finds work in flight.
      let waves = 1;
      const allowed = () => Math.min(FAXES, Math.ceil((waves * FAXES) / (KILLS + 1)));
      const sendAll = async () => {
        while (next < FAXES) {
          if (next >= allowed()) {
            await delay(100);
            continue;
          }
          const i = next++;
          const line = i % 2 === 0 ? 'internal' : 'sandbox';
          const key = `crash-${i}`;
          const answer = await sendFaxRequest(
            t.app,
            cookie,
            { recipientNumber: line === 'internal' ? recipient.number : SANDBOX_DELIVERS, faxQuality: 'standard' },
            [{ name: `page-${i}.pdf`, bytes: pdf }],
            { 'idempotency-key': key },
          );
          sends.push({
            key,
            line,
            status: answer.statusCode,
            faxId: answer.statusCode === 202 ? ZSendFaxResponse.parse(answer.json()).faxId : undefined,
            body: answer.statusCode === 202 ? undefined : answer.body,
            at: Date.now(),
          });
          await delay(SEND_EVERY_MS * SENDERS);
        }
      };

      // Each kill comes at a random moment after the worker started on its wave (a kill between jobs proves nothing);
      // the spare starts at once and a new spare gets ready.
      const interrupted: number[] = [];
      const downtimes: number[] = [];
      const spareWaits: number[] = [];
      const chaos = async () => {
        for (let k = 0; k < KILLS && Date.now() - started < BUDGET_MS * 0.7; k += 1) {
          const waitingFrom = Date.now();
          await spare!.standing;
          spareWaits.push(Date.now() - waitingFrom);
          if (k > 0) waves += 1;
          const waitUntil = Date.now() + 30_000;
          while ((await jobsRunningSince(workingSince)) === 0 && Date.now() < waitUntil) await delay(50);
          await delay(between(0, 2_500));
          // A wave's sends are spread over seconds and a quiet machine runs each job in a blink: a moment that falls
          // between two of them waits for the next one to start, so that the kill lands on work (at most 2 s more).
          const busyBy = Date.now() + 2_000;
          while ((await jobsRunningSince(workingSince)) === 0 && Date.now() < busyBy) await delay(10);
          const active = await jobsRunningSince(workingSince);
          const killedAt = Date.now();
          killedByTest.add(worker!);
          await worker!.kill();
          interrupted.push(active);
          worker = spare!;
          worker.start();
          await worker.ready;
          workingSince = await databaseNow();
          downtimes.push(Date.now() - killedAt);
          incarnation += 1;
          spare = standbyWorker(incarnation + 1);
        }
      };

      const senders = Array.from({ length: SENDERS }, (_, i) => delay(i * SEND_EVERY_MS).then(sendAll));
      await chaos();
      const chaosMs = Date.now() - started;
      // The last wave, and whatever is left if the kills stopped early.
      waves = KILLS + 1;
      await Promise.all(senders);
      const settleMs = await waitUntilAllFinal(t.db, sends, BUDGET_MS - (Date.now() - started), { stallMs: STALL_MS });
      const exam = await examineFaxes(t.db, sends, { senderAccountId: sender.accountId, recipientAccountId: recipient.accountId, logs });
      const refused = sends.filter((s) => s.status !== 202);
      faxesOfTheBattery = sends;

      console.log(
        `crash battery: ${sends.length} faxes, ${interrupted.length} kills, ${exam.lost} lost, ${exam.doubled} doubled, ${exam.stuck} stuck\n` +
          `  ${exam.delivered} delivered exactly once; ${refused.length} sends not accepted (${refused.filter((s) => s.status >= 500).length} 5xx); ` +
          `jobs running at each kill: ${interrupted.join(' ')}; ` +
          `worker down ${average(downtimes)} ms on average after a kill, waited ${average(spareWaits)} ms on average for the spare to load; ` +
          `sending and kills ${Math.round(chaosMs / 1000)} s, then settled in ` +
          `${Math.round(settleMs / 1000)} s (given up after ${STALL_MS / 1000} s without one more final); final statuses ${JSON.stringify(await statusCounts(t.db, sends))}; ` +
          `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
      );
      if (unexpectedExits.length) console.log(`workers that died by themselves:\n${unexpectedExits.join('\n')}`);
      if (exam.problems.length) console.log(`crash battery problems (${exam.problems.length}):\n${exam.problems.slice(0, 15).join('\n')}`);
      if (exam.stuck) {
        const last = logs.lines.filter((l) => l.process === worker!.name).slice(-15);
        console.log(
          `database connections while faxes are stuck:\n  ${(await databaseActivity(t.db)).join('\n  ')}\n` +
            `${worker!.name} ${await describeProcess(worker!.pid)}; its last lines:\n  ${last.map((l) => l.text.slice(0, 400)).join('\n  ')}`,
        );
      }
      if (exam.problems.length || unexpectedExits.length) {
        const file = path.join(os.tmpdir(), `faxline-crash-battery-${Date.now()}.log`);
        await logs.save(file);
        console.log(`every log line of the battery's workers: ${file}`);
      }

      // Soft: every broken promise is reported, not only the first.
      expect
        .soft(
          refused.map((s) => `${s.key}: ${s.status} ${s.body?.slice(0, 200)}`),
          'every send accepted (the API did not die)',
        )
        .toEqual([]);
      expect.soft(interrupted.length, `kills made within ${(BUDGET_MS * 0.7) / 1000} s`).toBe(KILLS);
      expect.soft(unexpectedExits, 'no worker died by itself').toEqual([]);
      expect
        .soft(interrupted.filter((n) => n > 0).length, 'most kills interrupted a running job (otherwise the battery tests nothing)')
        .toBeGreaterThanOrEqual(KILLS / 2);
      expect.soft(wrongnessOf(exam)).toEqual(NOTHING_WRONG);
      expect.soft(exam.delivered).toBe(FAXES);
    },
    BUDGET_MS + 60_000,
  );

  it(
    'tells every event of those faxes once, by webhook and by e-mail, through the same kills',
    async () => {
      expect(faxesOfTheBattery, 'the faxes of the test before (it ended before sending them all)').toBeDefined();
      const sends = faxesOfTheBattery!;
      const toldMs = await waitUntilAllTold(toldByRight(sends), TOLD_MS);
      const told = await examineEvents(sends);
      console.log(
        `crash battery's events: ${told.events} recorded, ${told.messages} webhook messages (${told.cutTries} tries cut by a kill), ` +
          `${told.mails} e-mails (${told.cutHandovers} handovers cut by a kill), all told ${Math.round(toldMs / 1000)} s after the last fax ended`,
      );
      // Every event told once: recorded once each, all relayed; one webhook message per event, each delivered and
      // arrived; one e-mail per confirmation and fax by e-mail; a second arrival only after a try cut by a kill.
      expect.soft(told.events, 'events recorded').toBe(told.expected.events);
      expect.soft(told.distinctEvents, 'events recorded once each').toBe(told.expected.events);
      expect.soft(told.undispatched, 'events not relayed').toEqual([]);
      expect.soft(told.messages, 'one webhook message per event').toBe(told.expected.events);
      expect.soft(told.undelivered, 'webhook messages not delivered').toEqual([]);
      expect.soft(told.neverArrived, 'webhook messages that never arrived').toEqual([]);
      expect.soft(told.arrivedTwiceUncut, 'webhooks that arrived twice without a cut try').toEqual([]);
      expect.soft(told.mails, 'e-mails').toBe(told.expected.mails);
      expect.soft(told.mailedTwiceUncut, 'e-mails handed over twice without a cut handover').toEqual([]);
      expect.soft(told.notRecordedAsHandedOver, 'e-mails not recorded as handed over').toEqual([]);
    },
    TOLD_MS + 60_000,
  );
});
