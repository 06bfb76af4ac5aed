import os from 'node:os';
import path from 'node:path';
import { ZSendFaxResponse } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
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
import { signIn } from '../support/test-app';

// The reliability battery: "200 faxes while the worker is killed (kill -9) 20 times: every fax in
// exactly one final state, each delivered once (counted on the receiving inbox)". The API runs here; the worker is the
// real server (`--role=worker`, the production bundle) in a process of its own, on the same database and files.

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

const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

let t: SplitTestApp;
let bundle: ServerBundle;
let worker: StandbyFaxline | undefined;
let spare: StandbyFaxline | undefined;
const logs = new ProcessLogs();

beforeAll(async () => {
  [t, bundle] = await Promise.all([openSplitTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } }), serverBundleOfThisRun()]);
}, 120_000);
afterAll(async () => {
  finished = true;
  await Promise.all([worker?.stop(), spare?.stop()]);
  await t?.close();
}, 60_000);

/** Workers that ended without being killed by the test (a fatal error: main.ts exits on an unhandled rejection). */
const unexpectedExits: string[] = [];
const killedByTest = new Set<StandbyFaxline>();
let finished = false;

/** A worker process on standby: its dependencies load while the current worker works, as a warm spare's would. */
function standbyWorker(incarnation: number): StandbyFaxline {
  const child = startStandbyFaxline(bundle, {
    name: `worker#${incarnation}`,
    role: 'worker',
    env: { ...t.workerEnv, FAX_CLOCK_SCALE: '0.001' },
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
});
