import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ZSendFaxResponse } from '@faxline/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../src/server';
import { makePdf } from '@test-support/factories/documents';
import { batteryAuth, batteryEnv } from '../support/battery-setup';
import { startCrashablePostgres, type CrashablePostgres } from '../support/crashable-postgres';
import {
  databaseActivity,
  examineFaxes,
  NOTHING_WRONG,
  wrongnessOf,
  SANDBOX_DELIVERS,
  sendFaxOverHttp,
  signInOverHttp,
  unlimitedCustomer,
  waitUntilAllFinal,
  type Send,
} from '../support/fax-battery';
import { ProcessLogs } from '../support/process-logs';
import { testConfig } from '../support/test-app';
import { testLogger } from '../support/test-database';

// The reliability battery: "PostgreSQL killed under load and restarted: every fax that got a 202 is
// there and finishes". The whole server (startServer, role all: HTTP, queue and worker) runs here on a PostgreSQL
// cluster of this file's own, which is killed with SIGKILL (postmaster and backends) while faxes are being sent.

const SENDERS = 4;
/** Faxes sent before the crash, at least; then the outage lasts OUTAGE_MS while the senders keep going. */
const BEFORE_CRASH = 12;
const OUTAGE_MS = 3_000;
/** After the restart, sending goes on until this many answers in a row were 202 (or AFTER_MAX_MS passed). */
const HEALTHY_IN_A_ROW = 12;
const AFTER_MAX_MS = 45_000;
/** Jobs running when the database died are handed back by the queue's orphan check (see crash-safety-worker.test.ts). */
const SETTLE_MS = 150_000;
/**
 * How long a send may go unanswered before it counts as "no answer": bounded, so a request hung for good is caught,
 * and generous, because on a CI machine whose two cores run three test lanes a cold server's first sends have been
 * seen to take over 30 s.
 */
const ANSWER_WITHIN_MS = 90_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = 'before' | 'outage' | 'after';
type TimedSend = Send & { phase: Phase; startedAt: number };

/**
 * Promise rejections nobody handled while the server ran: in production main.ts treats one as fatal and stops the
 * server, so each is a way for a database outage to take Faxline down. Vitest reports them too; these are counted.
 */
const unhandled: string[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));

let cluster: CrashablePostgres;
let server: RunningServer | undefined;
let dataDir: string;
const logs = new ProcessLogs();

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  // Better Auth writes its failed queries to the console: kept with the server's lines instead of flooding the run.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => logs.add('console', args.map(String).join(' ')));
  cluster = await startCrashablePostgres(testLogger);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-crash-db-'));
}, 120_000);
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  vi.restoreAllMocks();
  await server?.stop();
  await cluster?.destroy();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('PostgreSQL killed under load and restarted', () => {
  it('keeps every fax that got a 202 and finishes it; what was refused meanwhile created nothing', async () => {
    const config = testConfig({
      ...batteryEnv(),
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_INGRESS_PORT: '0',
      RATE_LIMIT_FACTOR: '10000',
    });
    // The server's log lines are kept to explain a fax that went wrong.
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.add('server', line) });
    server = await startServer(config, logger, 'all');
    const baseUrl = server.url!;
    const db = server.database.db;
    const auth = batteryAuth({ db, queue: server.queue, config });
    const sender = await unlimitedCustomer({ auth, db }, 'Outage Sender');
    const recipient = await unlimitedCustomer({ auth, db }, 'Outage Recipient');
    const cookie = await signInOverHttp(baseUrl, sender.email);
    const pdf = await makePdf(1);

    let phase: Phase = 'before';
    let stop = false;
    let restartedAt = 0;
    const sends: TimedSend[] = [];
    let counter = 0;
    const sendLoop = async () => {
      while (!stop) {
        const i = counter++;
        const line = i % 2 === 0 ? 'internal' : 'sandbox';
        const key = `outage-${i}`;
        const startedAt = Date.now();
        const startedIn = phase;
        const answer = await sendFaxOverHttp(
          baseUrl,
          cookie,
          { recipientNumber: line === 'internal' ? recipient.number : SANDBOX_DELIVERS, faxQuality: 'standard' },
          { name: `page-${i}.pdf`, bytes: pdf },
          key,
          ANSWER_WITHIN_MS,
        );
        sends.push({
          key,
          line,
          status: answer.status,
          faxId: answer.status === 202 ? ZSendFaxResponse.parse(JSON.parse(answer.body)).faxId : undefined,
          body: answer.status === 202 ? undefined : answer.body,
          at: Date.now(),
          // A send that began before the kill and ended after the restart lived through the outage.
          phase: startedIn === phase ? startedIn : 'outage',
          startedAt,
        });
        // A refused request is not retried at once: the senders go on with new faxes, as a batch job would.
        if (answer.status !== 202) await delay(100);
      }
    };
    const healthyAfterRestart = () => {
      const after = sends.filter((s) => s.phase === 'after').sort((a, b) => a.at - b.at);
      let run = 0;
      for (const s of after) run = s.status === 202 ? run + 1 : 0;
      return run;
    };

    const loops = Array.from({ length: SENDERS }, sendLoop);
    while (sends.filter((s) => s.status === 202).length < BEFORE_CRASH) await delay(50);
    const crashedAt = Date.now();
    phase = 'outage';
    await cluster.crash();
    await delay(OUTAGE_MS);
    await cluster.restart();
    restartedAt = Date.now();
    phase = 'after';
    while (healthyAfterRestart() < HEALTHY_IN_A_ROW && Date.now() - restartedAt < AFTER_MAX_MS) await delay(100);
    stop = true;
    await Promise.all(loops);
    const firstHealthy = sends.filter((s) => s.phase === 'after' && s.status === 202).sort((a, b) => a.at - b.at)[0];

    const settleMs = await waitUntilAllFinal(db, sends, SETTLE_MS);
    const exam = await examineFaxes(db, sends, { senderAccountId: sender.accountId, recipientAccountId: recipient.accountId, logs });
    const count = (filter: (s: TimedSend) => boolean) => sends.filter(filter).length;
    const fiveHundreds = count((s) => s.status >= 500);
    const others = sends.filter((s) => s.status !== 202 && s.status < 500);

    console.log(
      `database crash battery: ${sends.length} requests (${count((s) => s.phase === 'before')} before the kill, ` +
        `${count((s) => s.phase === 'outage')} during the outage, ${count((s) => s.phase === 'after')} after the restart), ` +
        `${exam.accepted} accepted, ${fiveHundreds} 5xx, ${others.length} other answers, 1 kill, ` +
        `${exam.lost} lost, ${exam.doubled} doubled, ${exam.stuck} stuck, ${exam.createdByRefused} created by a refused request, ` +
        `${unhandled.length} unhandled rejections\n` +
        `  outage ${restartedAt - crashedAt} ms; first 202 ${firstHealthy ? `${firstHealthy.at - restartedAt} ms` : 'never'} after the restart; ` +
        `answers during the outage ${JSON.stringify(tally(sends.filter((s) => s.phase === 'outage')))}, after ${JSON.stringify(tally(sends.filter((s) => s.phase === 'after')))}; ` +
        `settled in ${Math.round(settleMs / 1000)} s (limit ${SETTLE_MS / 1000} s); final statuses ${JSON.stringify(exam.statuses)}`,
    );
    if (unhandled.length) console.log(`unhandled rejections:\n${unhandled.slice(0, 5).join('\n')}`);
    if (exam.problems.length)
      console.log(`database crash battery problems (${exam.problems.length}):\n${exam.problems.slice(0, 15).join('\n')}`);
    if (exam.stuck) console.log(`database connections while faxes are stuck:\n  ${(await databaseActivity(db)).join('\n  ')}`);

    // Soft: every broken promise is reported, not only the first.
    expect
      .soft(
        count((s) => s.phase === 'outage'),
        'requests were made during the outage',
      )
      .toBeGreaterThan(0);
    expect
      .soft(
        others.map(
          (s) =>
            `${s.key} (${s.phase}, sent ${s.startedAt - crashedAt} ms from the kill, ended after ${s.at - s.startedAt} ms): ` +
            `${s.status || 'no answer'} ${s.body?.slice(0, 200)}`,
        ),
        'every request answered, either 202 or a 5xx (a 4xx would blame the client for our outage)',
      )
      .toEqual([]);
    expect
      .soft(
        sends
          .filter((s) => s.status >= 500 && errorTypeOf(s.body) === undefined)
          .map((s) => `${s.key}: ${s.status} ${s.body?.slice(0, 200)}`),
        'a 5xx is the API error shape ({ error: { type, message } })',
      )
      .toEqual([]);
    expect
      .soft(healthyAfterRestart(), `the server serves again after the restart (${HEALTHY_IN_A_ROW} sends in a row accepted)`)
      .toBeGreaterThanOrEqual(HEALTHY_IN_A_ROW);
    expect.soft(unhandled, 'no unhandled rejection (main.ts stops the server on one)').toEqual([]);
    expect.soft(wrongnessOf(exam)).toEqual(NOTHING_WRONG);
    expect.soft(exam.delivered).toBe(exam.accepted);
  }, 420_000);
});

function errorTypeOf(body: string | undefined): string | undefined {
  try {
    return (JSON.parse(body ?? '') as { error?: { type?: string } }).error?.type;
  } catch {
    return undefined;
  }
}

function tally(sends: Send[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of sends) counts[s.status || 'none'] = (counts[s.status || 'none'] ?? 0) + 1;
  return counts;
}
