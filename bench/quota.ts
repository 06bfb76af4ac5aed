// The quota's reading of the usage ledger at a million pages a month (decision 150): every send reads its account's
// pages of the period (faxes/quota.ts), twice as the API accepts it, the second time under the account's quota lock.
// One account's ledger lines are seeded straight into PostgreSQL, spread over the period so far, in steps (1,000 to
// 1,000,000 lines by default); at each step, p50 and p95 of
//   the quota's statement   ledgerPages: the period's whole hours from their sums, its partial hours from the lines
//   the period's lines      the anchor: the same pages summed over every line of the period (the statement before)
//   a round trip            SELECT 1 on the same connection, the floor of any statement
// The API server is a build (`node main.js --role=api`) started here for its embedded PostgreSQL and migrations, on a
// temporary data folder; all of it is stopped at the end (also on Ctrl-C).
// Run: npx tsx bench/quota.ts [--server apps/server/dist/main.js] [--lines 1000000] [--samples 30]
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { ledgerPages, usagePeriodAt } from '../apps/server/src/billing/usage-ledger';
import type { Database } from '../apps/server/src/platform/db/client';
import { PreparingClient } from '../apps/server/src/platform/db/preparing-client';
import { openDatabase, signUp } from './support/faxline';
import { readArgs, runBench, startFaxline } from './support/processes';
import { count, duration, log, machineLine, printTable, type Row } from './support/report';
import { timeRuns } from './support/timing';

const args = readArgs({ lines: '1000000', samples: '30' });
const LINES = Number(args.lines);
const SAMPLES = Number(args.samples);
/** A send's quota reading may cost a few round trips, whatever the account's pages. */
const GOAL_MS = 5;
/** The steps, each ten times the one before, up to LINES. */
const STEPS = [1_000, 10_000, 100_000, 1_000_000, 10_000_000].filter((n) => n < LINES).concat(LINES);
const BATCH = 250_000;

/** Lines `from` to `to` (1-based) of `total`, one page each, evenly from the period's start to now; 1 in 20 international. */
async function seedLines(db: pg.Pool, accountId: string, start: Date, from: number, to: number, total: number): Promise<void> {
  for (let first = from; first <= to; first += BATCH) {
    const last = Math.min(to, first + BATCH - 1);
    await db.query(
      `INSERT INTO usage_ledger (account_id, fax_id, direction, other_number, pages, kind, rate_cents, currency, at)
       SELECT $1, gen_random_uuid(), 'outbound', '+14155550123', 1 + g % 3,
         CASE WHEN g % 20 = 0 THEN 'international' ELSE 'included' END, 0, 'USD',
         $2::timestamptz + (now() - $2::timestamptz) * (g::float8 / $5)
       FROM generate_series($3::int, $4::int) AS g`,
      [accountId, start, first, last, total],
    );
  }
  await db.query('VACUUM ANALYZE usage_ledger');
  await db.query('VACUUM ANALYZE usage_hourly_pages');
}

/** The statement's times (timeRuns) and its answer, which must be the same every time. */
async function timed(run: () => Promise<number>): Promise<{ p50: number; p95: number; answer: number }> {
  const answer = await run();
  const times = await timeRuns(SAMPLES, async () => {
    if ((await run()) !== answer) throw new Error('The statement answered differently between runs');
  });
  return { ...times, answer };
}

await runBench(async () => {
  process.stdout.write(`Faxline quota bench (decision 150)\nserver: ${args.server}\nmachine: ${machineLine()}\n\n`);
  const faxline = await startFaxline(args.server, {}, 'api');
  const pool = openDatabase(await faxline.databaseUrl());
  log(`server ready: Faxline API ${faxline.url} (data in ${faxline.dataDir})`);
  const owner = await signUp(faxline.url, pool, `Bench Quota ${Date.now().toString(36)}`);
  // The account has no subscription: its period is the UTC calendar month, as for every plan without one.
  const period = usagePeriodAt(undefined, new Date());
  // One connection for all three, so that each pays the same round trip; the server's kind, which keeps its statements
  // prepared (decision 138), so that PostgreSQL plans them as it does for the server.
  const client = new PreparingClient({ connectionString: await faxline.databaseUrl() });
  client.on('error', () => undefined); // closed by the server as it stops, at the end or on Ctrl-C
  await client.connect();
  const onOne = drizzle(client) as unknown as Database;
  const rows: Row[] = [];
  try {
    let seeded = 0;
    for (const lines of STEPS) {
      const started = performance.now();
      await seedLines(pool, owner.accountId, period.start, seeded + 1, lines, LINES);
      seeded = lines;
      log(`${count(lines)} lines in the period (seeded in ${duration(performance.now() - started)})`);
      const quota = await timed(() => ledgerPages(onOne, owner.accountId, period));
      const anchor = await timed(async () => {
        const {
          rows: [row],
        } = await client.query<{ pages: number }>(
          `SELECT coalesce(sum(pages), 0)::int AS pages FROM usage_ledger
           WHERE account_id = $1 AND at >= $2 AND at < $3 AND kind <> 'international'`,
          [owner.accountId, period.start, period.end],
        );
        return row!.pages;
      });
      const roundTrip = await timed(async () => (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one);
      if (quota.answer !== anchor.answer) throw new Error(`The quota counted ${quota.answer} pages, the period's lines ${anchor.answer}`);
      rows.push({
        measure: `${count(lines)} lines: the quota's statement`,
        result: `p50 ${duration(quota.p50)}, p95 ${duration(quota.p95)} (${count(quota.answer)} pages)`,
        goal: `p95 <= ${GOAL_MS} ms`,
        met: quota.p95 <= GOAL_MS,
        note: `beside: the period's lines summed p50 ${duration(anchor.p50)}, p95 ${duration(anchor.p95)} (${(anchor.p50 / quota.p50).toFixed(1)}x the quota's p50); a round trip (SELECT 1) p50 ${duration(roundTrip.p50)}`,
      });
    }
  } finally {
    await client.end();
  }
  printTable(`Results (${new Date().toISOString()}; ${SAMPLES} samples each; machine at the end: ${machineLine()})`, rows);
});
