// The delivery record at a million faxes (decision 122): one account's 1,000,000 faxes seeded straight into PostgreSQL
// (bench/support/seed-faxes.ts: two years of faxes) with their calls (one each, a second for a failed fax and for one
// delivered fax in eight), then
//   reads      p50 and p95 of GET /api/status, GET /v1/status (no key) and the account's GET /api/delivery-record over
//              HTTP, one at a time, beside a bare Fastify hello-world measured in the same run (the answers are kept
//              for 30 s, recomputed behind the readers' backs)
//   compute    the statement itself, without the kept answer: every sent fax of the last 30 days and of one account,
//              p50 and p95 over a few runs; then the worst case, the same million faxes moved into the last 30 days
// The API server is a build (`node main.js --role=api`) with its own embedded PostgreSQL on a temporary data folder.
// Run: npx tsx bench/status.ts [--server apps/server/dist/main.js] [--faxes 1000000] [--samples 30] [--budget 60]
//        [--runs 5]
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { deliveryFigures, type DeliveryScope } from '../apps/server/src/faxes/delivery-figures';
import type { Database } from '../apps/server/src/platform/db/client';
import { openDatabase, signUp, type Customer } from './support/faxline';
import { readArgs, runBench, startFaxline, startHelloWorld } from './support/processes';
import { count, duration, log, machineLine, printTable, type Row } from './support/report';
import { seedFaxes } from './support/seed-faxes';
import { anchorRow, closeTimingConnection, latencyRow, timeRuns, timing, type Sampling } from './support/timing';

const args = readArgs({ faxes: '1000000', samples: '30', budget: '60', runs: '5' });
const FAXES = Number(args.faxes);
const sampling: Sampling = { samples: Number(args.samples), budgetMs: Number(args.budget) * 1_000 };
const RUNS = Number(args.runs);
/** A kept answer is read from memory: it should cost no more than the history's reads (decision 061's goal). */
const READ_GOAL_MS = 50;
/** The statement runs behind the readers, at most once per 30 s per key: a second is a fair share of that. */
const COMPUTE_GOAL_MS = 1_000;

/**
 * The calls of the seeded faxes that ended after one: each fax's first call starts 2 to 90 s after it was accepted and
 * lasts a minute; a failed fax and one delivered fax in eight had a second call, three minutes later.
 */
async function seedAttempts(db: pg.Pool, accountId: string): Promise<number> {
  const started = performance.now();
  const { rowCount } = await db.query(
    `INSERT INTO fax_attempts (fax_id, number, line, started_at, ended_at, duration_ms, pages_sent, result)
     SELECT f.id, n, f.line, f.created_at + ((2 + abs(hashtext(f.id::text)) % 88) * interval '1 second') + (n - 1) * interval '3 minutes',
            f.created_at + ((62 + abs(hashtext(f.id::text)) % 88) * interval '1 second') + (n - 1) * interval '3 minutes',
            60000, CASE WHEN f.status = 'delivered' THEN coalesce(f.pages, 1) ELSE 0 END,
            CASE WHEN f.status = 'delivered' AND n = 1 AND abs(hashtext(f.id::text)) % 8 = 0 THEN 'busy'
                 WHEN f.status IN ('delivered', 'partially_delivered') THEN f.status
                 WHEN n = 1 THEN 'busy' ELSE f.failure_reason END
     FROM faxes f
     CROSS JOIN LATERAL generate_series(1, CASE WHEN f.status = 'failed' OR (f.status = 'delivered' AND abs(hashtext(f.id::text)) % 8 = 0) THEN 2 ELSE 1 END) AS n
     WHERE f.account_id = $1 AND f.direction = 'outbound' AND f.status IN ('delivered', 'partially_delivered', 'failed')`,
    [accountId],
  );
  // A fax ends when its last call did (the seed ended every fax 90 s after it was accepted): the times then agree.
  await withoutTriggers(db, (client) =>
    client.query(
      `UPDATE faxes f SET completed_at = a.ended_at
       FROM (SELECT fax_id, max(ended_at) AS ended_at FROM fax_attempts GROUP BY fax_id) a
       WHERE a.fax_id = f.id AND f.account_id = $1`,
      [accountId],
    ),
  );
  await db.query('VACUUM ANALYZE faxes');
  await db.query('VACUUM ANALYZE fax_attempts');
  log(`seeded ${count(rowCount ?? 0)} calls in ${duration(performance.now() - started)}`);
  return rowCount ?? 0;
}

/**
 * A bulk change of the seeded rows without the row triggers (the history's counts, the events' outbox, the caches'
 * notifications), as the seed itself inserts them: none of them follows the times changed here.
 */
async function withoutTriggers(db: pg.Pool, work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Moves every fax and call of the account into the last 30 days, keeping their order and their gaps within a fax. */
async function moveIntoLastMonth(db: pg.Pool, accountId: string): Promise<void> {
  const started = performance.now();
  // A fax 2 years old lands 30 days back; one made now stays; its calls move with it by the same shift.
  const shift = `(now() - f.created_at) * (1 - 30.0 / 730)`;
  await withoutTriggers(db, async (client) => {
    await client.query(
      `UPDATE fax_attempts a SET started_at = a.started_at + s.shift, ended_at = a.ended_at + s.shift
       FROM (SELECT f.id, ${shift} AS shift FROM faxes f WHERE f.account_id = $1) s WHERE a.fax_id = s.id`,
      [accountId],
    );
    await client.query(
      `UPDATE faxes f SET created_at = f.created_at + ${shift}, completed_at = f.completed_at + ${shift} WHERE f.account_id = $1`,
      [accountId],
    );
  });
  await db.query('VACUUM ANALYZE faxes');
  await db.query('VACUUM ANALYZE fax_attempts');
  log(`moved into the last 30 days in ${duration(performance.now() - started)}`);
}

/** The statement's own time, p50 and p95 of `RUNS` runs after one unmeasured. */
async function computeTiming(db: Database, scope: DeliveryScope): Promise<{ p50: number; p95: number; faxes: number }> {
  const faxesIn30Days = async () => (await deliveryFigures(db, scope, new Date())).find((w) => w.window === '30d')!.overall.faxes;
  let faxes = await faxesIn30Days();
  const times = await timeRuns(RUNS, async () => (faxes = await faxesIn30Days()));
  return { ...times, faxes };
}

function computeRow(measure: string, t: { p50: number; p95: number; faxes: number }): Row {
  return {
    measure,
    result: `p50 ${duration(t.p50)}, p95 ${duration(t.p95)} (${RUNS} runs; ${count(t.faxes)} faxes in 30 days)`,
    goal: `p95 <= ${COMPUTE_GOAL_MS} ms`,
    met: t.p95 <= COMPUTE_GOAL_MS,
  };
}

async function compute(db: Database, owner: Customer, when: string): Promise<Row[]> {
  const everyone = await computeTiming(db, { kind: 'everyone' });
  log(`${when}, everyone: p50 ${duration(everyone.p50)}, p95 ${duration(everyone.p95)}`);
  const account = await computeTiming(db, { kind: 'account', accountId: owner.accountId });
  log(`${when}, the account: p50 ${duration(account.p50)}, p95 ${duration(account.p95)}`);
  return [computeRow(`statement, every sent fax (${when})`, everyone), computeRow(`statement, the account's faxes (${when})`, account)];
}

await runBench(async () => {
  process.stdout.write(`Faxline delivery record bench (issue 40, item 5)\nserver: ${args.server}\nmachine: ${machineLine()}\n\n`);
  const hello = await startHelloWorld();
  const faxline = await startFaxline(args.server, {}, 'api');
  const pool = openDatabase(await faxline.databaseUrl());
  const db = drizzle(pool) as unknown as Database;
  const owner = await signUp(faxline.url, pool, 'Bench Status Clinic');
  log(`seeding ${count(FAXES)} faxes...`);
  const seeded = await seedFaxes(pool, owner, FAXES);
  log(`seeded in ${duration(seeded.ms)}, VACUUM ANALYZE ${duration(seeded.analyzeMs)}`);
  await seedAttempts(pool, owner.accountId);

  const helloTiming = await timing('hello-world', `${hello.url}/`, {}, sampling);
  const anchor = { name: 'hello-world', p95: helloTiming.p95 };
  const page = await timing('GET /api/status', `${faxline.url}/api/status`, {}, sampling);
  const api = await timing('GET /v1/status', `${faxline.url}/v1/status`, {}, sampling);
  const own = await timing('GET /api/delivery-record', `${faxline.url}/api/delivery-record`, { cookie: owner.cookie }, sampling);
  closeTimingConnection();
  const rows: Row[] = [
    anchorRow('hello-world', helloTiming),
    latencyRow('GET /api/status (the page)', page, anchor, READ_GOAL_MS),
    latencyRow('GET /v1/status (no key)', api, anchor, READ_GOAL_MS),
    latencyRow("GET /api/delivery-record (the account's)", own, anchor, READ_GOAL_MS),
    ...(await compute(db, owner, 'seeded over 2 years')),
  ];
  await moveIntoLastMonth(pool, owner.accountId);
  rows.push(...(await compute(db, owner, 'all in the last 30 days')));
  printTable(`Results: ${count(FAXES)} faxes in one account (${new Date().toISOString()}; machine at the end: ${machineLine()})`, rows);
});
