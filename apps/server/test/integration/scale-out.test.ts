import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ZSendFaxResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import type { Auth } from '../../src/auth/auth';
import type { DatabaseHandle } from '../../src/platform/db/client';
import type { Queue } from '../../src/platform/queue/queue';
import { batteryEnv, openBatteryDatabase } from '../support/battery-setup';
import { startDebianPostgres } from '../support/debian-postgres';
import {
  examineFaxes,
  NOTHING_WRONG,
  SANDBOX_DELIVERS,
  sendFaxOverHttp,
  signInOverHttp,
  unlimitedCustomer,
  waitUntilAllFinal,
  wrongnessOf,
  type Send,
} from '../support/fax-battery';
import { startRedisServer } from '../support/redis-server';
import { startS3Server } from '../support/s3-server';
import { freePort, startStandbyFaxline, type ServerBundle, type StandbyFaxline } from '@test-support/faxline-process';
import { serverBundleOfThisRun } from '../support/server-bundle';
import { ProcessLogs } from '../support/process-logs';
import { testConfig } from '../support/test-app';

// Faxline scaled out by configuration alone. Debian's PostgreSQL server (not the embedded one),
// Redis, an S3-compatible bucket, two API processes and two workers (the production bundle, `--role=api` and
// `--role=worker`), each with a data folder of its own. A load balancer's traffic is played by the test: requests go
// to the APIs in turn, carry the client's address in X-Forwarded-For, and are sent again to the other API when one
// does not answer. 500 faxes (internal and sandbox numbers); one API and one worker are killed (SIGKILL) mid-run.

const FAXES = 500;
/** The kill comes when this many faxes have been asked for. */
const KILL_AT = 200;
const SENDERS = 4;
/** Each sender's sessions: the web API's limit (100 a minute per session) is not what this test is about. */
const SESSIONS_PER_SENDER = 2;
/**
 * After the last send, how long the faxes may go without one more reaching its final state (a killed worker's jobs
 * come back within seconds); while they keep arriving, the wait goes on up to the test's own limit. How long they
 * take depends on the machine and what shares it, and is printed, not judged.
 */
const STALL_MS = 120_000;
const TEST_MS = 1_200_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((sum, code) => ({ ...sum, [code]: (sum[code] ?? 0) + 1 }), {});

let postgres: Awaited<ReturnType<typeof startDebianPostgres>>;
let redis: Awaited<ReturnType<typeof startRedisServer>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let bundle: ServerBundle;
let database: DatabaseHandle;
let queue: Queue;
let auth: Auth;
const logs = new ProcessLogs();
const dataDirs: string[] = [];
const processes: StandbyFaxline[] = [];
type Api = { process: StandbyFaxline; url: string; alive: boolean };
const apis: Api[] = [];
const workers: StandbyFaxline[] = [];

/** One server process of the bundle with the shared settings, a data folder of its own, and its role. */
async function startRole(name: string, role: 'api' | 'worker', env: Record<string, string>): Promise<StandbyFaxline> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `faxline-scale-${name.replace('#', '')}-`));
  dataDirs.push(dataDir);
  const child = startStandbyFaxline(bundle, {
    name,
    role,
    env: { ...env, DATA_DIR: dataDir },
    onLine: logs.of(name),
    readyTimeoutMs: 180_000,
  });
  processes.push(child);
  child.start();
  return child;
}

beforeAll(async () => {
  [postgres, redis, s3, bundle] = await Promise.all([startDebianPostgres(), startRedisServer(), startS3Server(), serverBundleOfThisRun()]);
  const shared = {
    ...batteryEnv(),
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    FILES_BACKEND: 's3',
    ...s3.env,
    TRUST_PROXY: 'true',
    RATE_LIMIT_FACTOR: '1',
  };
  // The first API migrates the empty database; the others start on it together.
  const ports = [await freePort(), await freePort()];
  const first = await startRole('api#1', 'api', { ...shared, HOST: '127.0.0.1', PORT: String(ports[0]) });
  await first.ready;
  const rest = [
    await startRole('api#2', 'api', { ...shared, HOST: '127.0.0.1', PORT: String(ports[1]) }),
    await startRole('worker#1', 'worker', shared),
    await startRole('worker#2', 'worker', shared),
  ];
  await Promise.all(rest.map((child) => child.ready));
  apis.push({ process: first, url: `http://127.0.0.1:${ports[0]}`, alive: true });
  apis.push({ process: rest[0]!, url: `http://127.0.0.1:${ports[1]}`, alive: true });
  workers.push(rest[1]!, rest[2]!);

  // The test's own view of the database, to make the customers and to examine the faxes.
  const config = testConfig({ DATABASE_URL: postgres.url, AUTH_SECRET: shared.AUTH_SECRET });
  ({ database, queue, auth } = await openBatteryDatabase(postgres.url, config));
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((child) => child.stop()));
  await queue?.stop();
  await database?.close();
  await Promise.all([postgres?.stop(), redis?.stop(), s3?.stop()]);
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
}, 120_000);

/** A request through the "load balancer": the client's address in X-Forwarded-For, to the given API. */
const platformFrom = (api: Api, address: string) =>
  fetch(`${api.url}/api/platform`, { headers: { 'x-forwarded-for': address } }).then((response) => response.status);

describe('two API servers and two workers on Debian PostgreSQL, Redis and an S3 bucket', () => {
  it('holds the API limit of 100 a minute per address across both servers: 100 answered, the rest 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 130; i += 1) codes.push(await platformFrom(apis[i % 2]!, '198.51.100.21'));
    expect(tally(codes)).toEqual({ 200: 100, 429: 30 });
    expect(await platformFrom(apis[1]!, '198.51.100.22')).toBe(200);
  });

  it(
    `delivers ${FAXES} faxes sent to both APIs each exactly once, with one API and one worker killed mid-run, and keeps every file in the bucket`,
    async () => {
      const sender = await unlimitedCustomer({ auth, db: database.db }, 'Scale Sender');
      const recipient = await unlimitedCustomer({ auth, db: database.db }, 'Scale Recipient');
      const sessions: string[] = [];
      for (let i = 0; i < SENDERS * SESSIONS_PER_SENDER; i += 1) sessions.push(await signInOverHttp(apis[i % 2]!.url, sender.email));
      const pdf = await makePdf(1);
      const started = Date.now();

      let next = 0;
      const sends: Send[] = [];
      const resent: string[] = [];
      /** One fax, to the next API in turn; sent again (same Idempotency-Key) to the next one while no answer comes. */
      const sendOne = async (i: number): Promise<Send> => {
        const line = i % 2 === 0 ? 'internal' : 'sandbox';
        const key = `scale-${i}`;
        const request = { recipientNumber: line === 'internal' ? recipient.number : SANDBOX_DELIVERS, faxQuality: 'standard' };
        let answer = { status: 0, body: '' };
        for (let tried = 0; tried < 8; tried += 1) {
          const live = apis.filter((api) => api.alive);
          const api = live[(i + tried) % live.length]!;
          answer = await sendFaxOverHttp(
            api.url,
            sessions[i % sessions.length]!,
            request,
            { name: `page-${i}.pdf`, bytes: pdf },
            key,
            60_000,
          );
          if (answer.status === 202 || (answer.status >= 400 && answer.status < 500 && ![409, 429].includes(answer.status))) break;
          resent.push(`${key}: ${answer.status || 'no answer'} from ${api.process.name}`);
          await delay(500);
        }
        const faxId = answer.status === 202 ? ZSendFaxResponse.parse(JSON.parse(answer.body)).faxId : undefined;
        return { key, line, status: answer.status, faxId, body: answer.status === 202 ? undefined : answer.body, at: Date.now() };
      };
      let killed: { at: number; jobsRunning: number } | undefined;
      const sendAll = async () => {
        while (next < FAXES) {
          const i = next++;
          if (i === KILL_AT) killed = await killOneOfEach();
          sends.push(await sendOne(i));
        }
      };
      /** SIGKILL to api#1 (the balancer takes it out) and to worker#1 while it runs jobs. */
      const killOneOfEach = async () => {
        const busyBy = Date.now() + 10_000;
        let jobsRunning = 0;
        while (Date.now() < busyBy) {
          const { rows } = await database.pool.query<{ n: number }>(`select count(*)::int as n from pgboss.job where state = 'active'`);
          jobsRunning = rows[0]!.n;
          if (jobsRunning >= 2) break;
          await delay(20);
        }
        apis[0]!.alive = false;
        await Promise.all([apis[0]!.process.kill(), workers[0]!.kill()]);
        return { at: Date.now() - started, jobsRunning };
      };
      await Promise.all(Array.from({ length: SENDERS }, () => sendAll()));
      const sentMs = Date.now() - started;
      const settleMs = await waitUntilAllFinal(database.db, sends, TEST_MS - 60_000 - (Date.now() - started), { stallMs: STALL_MS });
      const exam = await examineFaxes(database.db, sends, {
        senderAccountId: sender.accountId,
        recipientAccountId: recipient.accountId,
        logs,
      });
      const objects = await s3.objects();
      const localFiles = (
        await Promise.all(dataDirs.map((dir) => fs.readdir(path.join(dir, 'files'), { recursive: true }).catch(() => [])))
      ).flat();

      console.log(
        `scale-out: ${sends.length} faxes to 2 APIs (api#1 and worker#1 killed at ${Math.round((killed?.at ?? 0) / 1000)} s with ` +
          `${killed?.jobsRunning ?? 0} jobs running), sent in ${Math.round(sentMs / 1000)} s, settled in ${Math.round(settleMs / 1000)} s; ` +
          `${exam.delivered} delivered exactly once, ${exam.lost} lost, ${exam.doubled} doubled, ${exam.stuck} stuck; ` +
          `${resent.length} sends sent again to the other API; final statuses ${JSON.stringify(exam.statuses)}; ` +
          `${objects.length} objects in the bucket, ${localFiles.length} files on local disk; ` +
          `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
      );
      if (exam.problems.length) console.log(`scale-out problems (${exam.problems.length}):\n${exam.problems.slice(0, 15).join('\n')}`);

      expect.soft(killed?.jobsRunning, 'the worker was killed while it ran jobs').toBeGreaterThan(0);
      expect
        .soft(
          sends.filter((s) => s.status !== 202).map((s) => `${s.key}: ${s.status} ${s.body?.slice(0, 200)}`),
          'every send accepted',
        )
        .toEqual([]);
      expect.soft(wrongnessOf(exam)).toEqual(NOTHING_WRONG);
      expect.soft(exam.delivered).toBe(FAXES);
      // Each fax's document and fax image at least, all in the bucket; nothing in any process's data folder.
      expect.soft(objects.length).toBeGreaterThanOrEqual(2 * FAXES);
      expect.soft(localFiles).toEqual([]);
    },
    TEST_MS,
  );
});
