import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ZSendFaxResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import type { DatabaseHandle } from '../../src/platform/db/client';
import { openDatabaseForTool } from '../../src/platform/db/open-for-tool';
import { batteryEnv, openBatteryDatabase } from '../support/battery-setup';
import {
  databaseActivity,
  examineFaxes,
  NOTHING_WRONG,
  sendFaxOverHttp,
  signInOverHttp,
  statusCounts,
  unlimitedCustomer,
  waitUntilAllFinal,
  wrongnessOf,
  type Send,
} from '../support/fax-battery';
import { freePort, startStandbyFaxline, tempDataDir, type ServerBundle, type StandbyFaxline } from '@test-support/faxline-process';
import { serverBundleOfThisRun } from '../support/server-bundle';
import { ProcessLogs } from '../support/process-logs';
import { testConfig } from '../support/test-app';
import { testLogger } from '../support/test-database';

// The server as `npm start` runs it (the production bundle, --role=all with its worker process, its own PostgreSQL in
// DATA_DIR, no DATABASE_URL) while 60 faxes are sent between its accounts; `kill -9` of the embedded PostgreSQL's
// postmaster in the middle. Nobody steps in: the server must start its database again, /readyz must say so within
// 30 s, and every fax answered 202 must end delivered exactly once (counted in the recipients' inboxes).

const FAXES = 60;
/** Senders, each faxing a recipient of its own: a number takes one call at a time, three numbers take three. */
const PAIRS = 3;
/** The kill comes once this many faxes were accepted, while jobs run. */
const KILL_AT = 20;
const READY_AGAIN_WITHIN_MS = 30_000;
/** A send refused during the outage (503, or no answer) is sent again with its Idempotency-Key, for this long. */
const RESEND_FOR_MS = 60_000;
const SETTLE_MS = 120_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Customer = Awaited<ReturnType<typeof unlimitedCustomer>>;
type PairSend = Send & { pair: number };

let bundle: ServerBundle;
let server: StandbyFaxline;
let dataDir: string;
let baseUrl: string;
let database: DatabaseHandle;
const pairs: Array<{ sender: Customer; recipient: Customer }> = [];
const logs = new ProcessLogs();

const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    () => 0,
  );

async function untilReady(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await statusOf(`${baseUrl}/readyz`)) !== 200) {
    if (Date.now() > deadline) throw new Error(`/readyz not 200 within ${timeoutMs} ms`);
    await delay(100);
  }
}

/** The embedded PostgreSQL's postmaster, as a person finds it: the first line of postmaster.pid in its folder. */
async function postmasterPid(): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

beforeAll(async () => {
  bundle = await serverBundleOfThisRun();
  dataDir = await tempDataDir('faxline-pg-recovery-');
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...batteryEnv(), DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT_FACTOR: '10000' };
  server = startStandbyFaxline(bundle, {
    name: 'server',
    env,
    onLine: logs.of('server'),
    readyTimeoutMs: 180_000,
  });
  server.start();
  await server.ready;
  await untilReady(60_000);

  // The test's own way into the server's database, as `npm run admin:create` finds it (postmaster.pid's port).
  const config = testConfig({ DATA_DIR: dataDir, AUTH_SECRET: env.AUTH_SECRET });
  const { url } = await openDatabaseForTool(config, testLogger);
  const battery = await openBatteryDatabase(url, config);
  database = battery.database;
  // The queue is only to make the customers (their welcome e-mails are jobs for the server's worker): stopped before
  // the kill.
  try {
    for (let i = 0; i < PAIRS; i += 1) {
      const sender = await unlimitedCustomer(battery, `Recovery Sender ${i}`);
      pairs.push({ sender, recipient: await unlimitedCustomer(battery, `Recovery Recipient ${i}`) });
    }
  } finally {
    await battery.queue.stop();
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, 120_000);

describe('the embedded PostgreSQL killed with kill -9 during 60 sends', () => {
  it('is started again by the server: /readyz is back within 30 s and every 202 ends delivered exactly once', async () => {
    onTestFailed(async () => {
      const file = path.join(os.tmpdir(), `faxline-pg-recovery-${Date.now()}.log`);
      await logs.save(file);
      console.log(`the server's log lines: ${file}`);
    });
    const cookies = await Promise.all(pairs.map(({ sender }) => signInOverHttp(baseUrl, sender.email)));
    const pdf = await makePdf(1);
    const sends: PairSend[] = [];
    const refusals: number[] = [];
    let abandon = false;

    /** One fax; a send refused because the database is away is sent again with the same key, as a client would. */
    const sendOne = async (pair: number, i: number): Promise<PairSend> => {
      const key = `recovery-${pair}-${i}`;
      const until = Date.now() + RESEND_FOR_MS;
      for (;;) {
        const answer = await sendFaxOverHttp(
          baseUrl,
          cookies[pair]!,
          { recipientNumber: pairs[pair]!.recipient.number, faxQuality: 'standard' },
          { name: `page-${i}.pdf`, bytes: pdf },
          key,
        );
        const refused = answer.status === 0 || answer.status === 503;
        if (!refused || abandon || Date.now() > until) {
          const faxId = answer.status === 202 ? ZSendFaxResponse.parse(JSON.parse(answer.body)).faxId : undefined;
          const body = answer.status === 202 ? undefined : answer.body;
          return { pair, key, line: 'internal', status: answer.status, faxId, body, at: Date.now() };
        }
        refusals.push(answer.status);
        await delay(250);
      }
    };
    const sendAll = async (pair: number) => {
      for (let i = 0; i < FAXES / PAIRS; i += 1) sends.push(await sendOne(pair, i));
    };
    const senders = pairs.map((_, pair) => sendAll(pair));

    while (sends.filter((s) => s.status === 202).length < KILL_AT) await delay(20);
    // While the worker runs jobs, so that some are cut short by the kill.
    let jobsRunning = 0;
    for (const by = Date.now() + 10_000; Date.now() < by && jobsRunning === 0; await delay(20)) {
      const { rows } = await database.pool.query<{ n: number }>(`select count(*)::int as n from pgboss.job where state = 'active'`);
      jobsRunning = rows[0]!.n;
    }
    const killedPid = await postmasterPid();
    const acceptedBeforeKill = sends.filter((s) => s.status === 202).length;
    process.kill(killedPid, 'SIGKILL');
    const killedAt = Date.now();

    // Asked every 100 ms from the kill on: /readyz until it is 200 again with a new postmaster; /healthz all the while.
    // A /readyz asked in the first moments after the kill may still be answered before the server has noticed it: a
    // 200 counts only once another postmaster runs.
    const health: number[] = [];
    let readyAfterMs: number | undefined;
    while (Date.now() - killedAt < READY_AGAIN_WITHIN_MS + 5_000) {
      const [ready, live] = await Promise.all([statusOf(`${baseUrl}/readyz`), statusOf(`${baseUrl}/healthz`)]);
      health.push(live);
      if (ready === 200 && (await postmasterPid().catch(() => killedPid)) !== killedPid) {
        readyAfterMs = Date.now() - killedAt;
        break;
      }
      await delay(100);
    }
    const restartedPid = await postmasterPid().catch(() => undefined);
    console.log(
      `embedded database recovery: kill -9 of postmaster ${killedPid} after ${acceptedBeforeKill} faxes accepted, with ${jobsRunning} jobs running; ` +
        `/readyz ${readyAfterMs === undefined ? `not back within ${(READY_AGAIN_WITHIN_MS + 5_000) / 1000} s` : `back after ${readyAfterMs} ms`}; ` +
        `postmaster now ${restartedPid}; /healthz during the outage ${JSON.stringify(tally(health))}`,
    );
    if (readyAfterMs === undefined) {
      abandon = true;
      await Promise.all(senders);
    }
    expect(readyAfterMs ?? Infinity, 'the server started its database again: /readyz 200 within 30 s of the kill, ms').toBeLessThan(
      READY_AGAIN_WITHIN_MS,
    );
    expect(restartedPid).not.toBe(killedPid);
    expect
      .soft(
        health.filter((status) => status !== 200),
        '/healthz 200 while the server brings its database back',
      )
      .toEqual([]);

    await Promise.all(senders);
    const settleMs = await waitUntilAllFinal(database.db, sends, SETTLE_MS);
    const exams = await Promise.all(
      pairs.map(({ sender, recipient }, pair) =>
        examineFaxes(
          database.db,
          sends.filter((s) => s.pair === pair),
          { senderAccountId: sender.accountId, recipientAccountId: recipient.accountId, logs },
        ),
      ),
    );
    const wrong = sumOf(exams.map(wrongnessOf));
    const delivered = exams.reduce((sum, exam) => sum + exam.delivered, 0);
    const problems = exams.flatMap((exam) => exam.problems);
    // Each process (the API and its worker) listens on one connection again: none was lost, none left open twice.
    const { rows: listening } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where application_name = 'faxline-listen'`,
    );
    console.log(
      `  ${sends.length} sends, ${sends.filter((s) => s.status === 202).length} accepted (${acceptedBeforeKill} before the kill), ` +
        `${refusals.length} refusals sent again ${JSON.stringify(tally(refusals))}; settled in ${Math.round(settleMs / 1000)} s; ` +
        `${delivered} delivered exactly once, ${wrong.lost} lost, ${wrong.doubled} doubled, ${wrong.stuck} stuck; ` +
        `final statuses ${JSON.stringify(await statusCounts(database.db, sends))}; ${listening[0]!.n} LISTEN connections`,
    );
    if (problems.length) console.log(`problems (${problems.length}):\n${problems.slice(0, 10).join('\n')}`);
    if (wrong.stuck) console.log(`database connections while faxes are stuck:\n  ${(await databaseActivity(database.db)).join('\n  ')}`);

    expect
      .soft(
        sends.filter((s) => s.status !== 202).map((s) => `${s.key}: ${s.status} ${s.body?.slice(0, 200)}`),
        'every send accepted',
      )
      .toEqual([]);
    expect.soft(wrong).toEqual(NOTHING_WRONG);
    expect.soft(listening[0]!.n, 'LISTEN connections: one for the API process, one for its worker').toBe(2);
    expect(delivered).toBe(FAXES);
  }, 300_000);
});

function sumOf<T extends Record<string, number>>(figures: T[]): T {
  return figures.reduce((sum, more) => Object.fromEntries(Object.entries(sum).map(([key, value]) => [key, value + (more[key] ?? 0)])) as T);
}

function tally(statuses: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status || 'none'] = (counts[status || 'none'] ?? 0) + 1;
  return counts;
}
