// The database at scale and the workers scaled out (its goals: decisions 061 and 062). Two parts:
//   reads       one account with 1,000,000 faxes seeded straight into PostgreSQL; p50 and p95 of requests over HTTP,
//               one at a time: the portal's history (first page, a page 10,000 rows deep by its cursors, a search
//               with hits) and the public API's list by cursor (GET /v1/faxes: the first page, and a page 10,000 rows
//               deep reached by following next_cursor), each beside a bare Fastify hello-world measured in the same run
//   throughput  faxes per minute through 1 worker, then through 2, on the sandbox line with a fast clock: a batch of
//               one-page faxes is queued while no worker runs, then the workers (`--role=worker`, each a process of
//               its own on the API's database) are started and the rate at which the batch ends is read from the
//               faxes' own completion times (the middle 80% of them: the steady rate, without the start and the tail)
// The API server is a build (`node main.js --role=api`) started here with its own embedded PostgreSQL on a temporary
// data folder, its answers not kept in memory (HISTORY_CACHE_ENTRIES=0: every read goes to the database); the workers
// use its DATABASE_URL and data folder. All of it is loopback only and is stopped at the end (also on Ctrl-C).
// Run: npx tsx bench/scale.ts [--server apps/server/dist/main.js] [--parts reads,throughput] [--faxes 1000000]
//        [--samples 30] [--budget 150] [--batch 120] [--clock 0.1] [--line-concurrency 2]
// --clock is FAX_CLOCK_SCALE (the share of a real call's line time a sandbox call takes) and --line-concurrency each
// worker's LINE_CONCURRENCY: the workers' rate is then set by how many calls each holds at once, as with real lines,
// and not by this machine's cores (a clock so fast that Ghostscript and the fax engine fill every core measures the
// machine: one worker already uses all of it).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  FINAL_STATUSES,
  createApiKey,
  onePagePdf,
  openDatabase,
  postForm,
  sandboxRecipient,
  sendForm,
  signUp,
  withApiRequestsPerMinute,
  withoutPageLimit,
  type Customer,
} from './support/faxline';
import { agentOf } from './support/http';
import {
  DEEP_PAGE,
  PAGE_SIZE,
  apiDeepPage,
  apiListUrl,
  historyDeepPage,
  historyUrl,
  type ApiPage,
  type HistoryPage,
} from './support/history-pages';
import { readArgs, runBench, startFaxline, startFaxlineWorker, startHelloWorld, type Faxline } from './support/processes';
import { count, duration, log, machineLine, printTable, type Row } from './support/report';
import { SEARCH_WITH_HITS, seedFaxes } from './support/seed-faxes';
import { anchorRow, closeTimingConnection, latencyRow, timing, type Sampling, type Timing } from './support/timing';

const PARTS = ['reads', 'throughput'] as const;
const args = readArgs({
  parts: PARTS.join(','),
  faxes: '1000000',
  samples: '30',
  budget: '150',
  batch: '120',
  clock: '0.1',
  'line-concurrency': '2',
});
const parts = new Set(args.parts.split(',').map((p) => p.trim()));
for (const part of parts)
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--parts: unknown part "${part}"; expected ${PARTS.join(',')}`);
const FAXES = Number(args.faxes);
const sampling: Sampling = { samples: Number(args.samples), budgetMs: Number(args.budget) * 1_000 };
const BATCH = Number(args.batch);
const READ_GOAL_MS = 50;
const SCALE_GOAL = 1.8;
/** The public API's requests a minute for the bench's key: following 500 cursors is one client's burst. */
const API_REQUESTS_PER_MINUTE = 100_000;
const SENDERS = 4;
const BATCH_TIMEOUT_MS = 30 * 60_000;

async function reads(faxline: Faxline, db: pg.Pool, hello: { url: string }): Promise<Row[]> {
  const base = faxline.url;
  const owner = await signUp(base, db, 'Bench Scale Clinic');
  const empty = await signUp(base, db, 'Bench Empty Office');
  await withApiRequestsPerMinute(db, owner.accountId, API_REQUESTS_PER_MINUTE);
  const apiKey = await createApiKey(base, owner);
  log(`seeding ${count(FAXES)} faxes for ${owner.email}...`);
  const seeded = await seedFaxes(db, owner, FAXES);
  log(`seeded in ${duration(seeded.ms)}, VACUUM ANALYZE ${duration(seeded.analyzeMs)}`);

  const cookie = { cookie: owner.cookie };
  const bearer = { authorization: `Bearer ${apiKey}` };
  const helloTiming = await timing('hello-world', `${hello.url}/`, {}, sampling);
  const emptyHistory = await timing<HistoryPage>('empty history', historyUrl(base, {}), { cookie: empty.cookie }, sampling);
  const first = await timing<HistoryPage>('history: first page', historyUrl(base, { pageSize: PAGE_SIZE }), cookie, sampling);
  const deep = await historyDeepPage(base, owner.cookie);
  const deepTiming = await timing<HistoryPage>(`history: deep page (${deep.how})`, deep.url, cookie, sampling);
  const search = await timing<HistoryPage>('history: search', historyUrl(base, { search: SEARCH_WITH_HITS }), cookie, sampling);
  const apiFirst = await timing<ApiPage>('API list: first page', apiListUrl(base), bearer, sampling);
  const apiDeep = await apiDeepPage(base, apiKey);
  const apiDeepTiming = await timing<ApiPage>(`API list: deep page (${apiDeep.how})`, apiDeep.url, bearer, sampling);

  const pages = [first.body.faxes, deepTiming.body.faxes, apiFirst.body.data, apiDeepTiming.body.data];
  if (pages.some((page) => page.length !== PAGE_SIZE) || search.body.faxes.length === 0)
    throw new Error('A list answered fewer faxes than it holds: the figures would not be about the same work');

  const anchor = { name: 'hello-world', p95: helloTiming.p95 };
  const row = (measure: string, t: Timing<unknown>, note?: string) => latencyRow(measure, t, anchor, READ_GOAL_MS, note);
  const depth = `~${count((DEEP_PAGE - 1) * PAGE_SIZE)} rows in`;
  const total = (t: Timing<HistoryPage>) => (t.body.total === undefined ? undefined : `${count(t.body.total)} found`);
  return [
    anchorRow('hello-world', helloTiming),
    anchorRow('GET /api/faxes, no faxes', emptyHistory),
    row('history: first page', first, total(first)),
    row(`history: deep page (${depth})`, deepTiming, deep.how),
    row(`history: search ("${SEARCH_WITH_HITS}")`, search, total(search)),
    row(`API list by cursor: first page (limit ${PAGE_SIZE})`, apiFirst),
    row(`API list by cursor: deep page (${depth})`, apiDeepTiming, apiDeep.how),
  ];
}

/** Queues the batch while no worker runs: every send must answer 202. */
async function queueBatch(faxline: Faxline, sender: Customer, tag: string, pdf: Buffer): Promise<void> {
  const forms = await Promise.all(
    Array.from({ length: BATCH }, (_, i) => sendForm(faxline.url, sender, { to: sandboxRecipient(i), tag: `${tag}${i}`, pdf })),
  );
  const agent = agentOf(SENDERS);
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < forms.length) {
        const reply = await postForm(faxline.url, forms[next++]!, { agent, timeoutMs: 60_000 });
        if (reply.status !== 202) throw new Error(`POST /api/faxes answered ${reply.status || reply.error}: ${reply.body.slice(0, 300)}`);
      }
    }),
  );
  agent.destroy();
}

type Batch = { workers: number; perMinute: number; wholePerMinute: number; statuses: string; load: string };

/** Starts `workers` workers on a queued batch, waits for every fax of it to be final, and reads the rates. */
async function runBatch(faxline: Faxline, db: pg.Pool, sender: Customer, workers: number, pdf: Buffer): Promise<Batch> {
  const tag = `bench-w${workers}-`;
  await queueBatch(faxline, sender, tag, pdf);
  log(`throughput: ${BATCH} faxes queued; starting ${workers} worker(s)`);
  const env = { FAX_CLOCK_SCALE: args.clock, LINE_CONCURRENCY: args['line-concurrency'] };
  const { rows: now } = await db.query<{ at: Date }>('SELECT now() AS at');
  const startedAt = now[0]!.at.getTime();
  const running = await Promise.all(Array.from({ length: workers }, () => startFaxlineWorker(args.server, faxline, env)));
  const started = performance.now();
  let lastLog = started;
  try {
    for (;;) {
      const { rows } = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM faxes WHERE account_id = $1 AND recipient_name LIKE $2 GROUP BY status ORDER BY status`,
        [sender.accountId, `${tag}%`],
      );
      const final = rows.filter((r) => FINAL_STATUSES.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
      const statuses = rows.map((r) => `${r.status}: ${r.n}`).join(', ');
      if (final === BATCH) {
        const load = os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ');
        const { rows: ends } = await db.query<{ ms: number }>(
          `SELECT extract(epoch FROM coalesce(completed_at, updated_at)) * 1000 AS ms FROM faxes
           WHERE account_id = $1 AND recipient_name LIKE $2 ORDER BY 1`,
          [sender.accountId, `${tag}%`],
        );
        const at = ends.map((r) => Number(r.ms));
        const [low, high] = [Math.floor(BATCH * 0.1), Math.ceil(BATCH * 0.9) - 1];
        const perMinute = ((high - low) / (at[high]! - at[low]!)) * 60_000;
        const wholePerMinute = (BATCH / (at[at.length - 1]! - startedAt)) * 60_000;
        log(`throughput: ${workers} worker(s): ${count(perMinute)} faxes/min steady (${statuses}; load ${load})`);
        return { workers, perMinute, wholePerMinute, statuses, load };
      }
      if (performance.now() - started > BATCH_TIMEOUT_MS)
        throw new Error(`${workers} worker(s): only ${final} of ${BATCH} final (${statuses})`);
      if (performance.now() - lastLog > 30_000) {
        log(`throughput: ${final} of ${BATCH} final after ${duration(performance.now() - started)}`);
        lastLog = performance.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await Promise.all(running.map((worker) => worker.stop()));
  }
}

async function throughput(faxline: Faxline, db: pg.Pool): Promise<Row[]> {
  const sender = await signUp(faxline.url, db, 'Bench Broadcast Clinic');
  const plan = await withoutPageLimit(db, sender.accountId);
  const pdf = await onePagePdf();
  log(
    `throughput: sender ${sender.email} on ${plan}; FAX_CLOCK_SCALE ${args.clock}, LINE_CONCURRENCY ${args['line-concurrency']} a worker`,
  );
  const one = await runBatch(faxline, db, sender, 1, pdf);
  const two = await runBatch(faxline, db, sender, 2, pdf);
  const ratio = two.perMinute / one.perMinute;
  const result = (b: Batch): Row => ({
    measure: `${b.workers} worker${b.workers > 1 ? 's' : ''}: ${BATCH} one-page faxes, sandbox line`,
    result: `${count(b.perMinute)} faxes/min steady (${count(b.wholePerMinute)}/min from the workers' start)`,
    goal: '',
    note: `${b.statuses}; load average at the end ${b.load}`,
  });
  return [
    result(one),
    result(two),
    { measure: '2 workers against 1', result: `${count(ratio)}x`, goal: `>= ${SCALE_GOAL}x`, met: ratio >= SCALE_GOAL },
  ];
}

await runBench(async () => {
  process.stdout.write(`Faxline scale bench (issue 21)\nserver: ${args.server}\nmachine: ${machineLine()}\n\n`);
  const hello = await startHelloWorld();
  const faxline = await startFaxline(args.server, { HISTORY_CACHE_ENTRIES: '0' }, 'api');
  const db = openDatabase(await faxline.databaseUrl());
  log(`servers ready: hello-world ${hello.url}, Faxline API ${faxline.url} (data in ${faxline.dataDir})`);

  const rows: Row[] = [];
  if (parts.has('reads')) rows.push(...(await reads(faxline, db, hello)));
  closeTimingConnection();
  if (parts.has('throughput')) rows.push(...(await throughput(faxline, db)));
  printTable(`Results: ${count(FAXES)} faxes in one account (${new Date().toISOString()}; machine at the end: ${machineLine()})`, rows);
});
