// The fax history at scale (issue 12): one account with 1,000,000 faxes, seeded straight into PostgreSQL, and the time
// of the history's requests over HTTP, one at a time (p50 and p95): the first page, a page 10,000 rows deep, a search
// with hits (a correspondent's name, ~1% of the rows) and one without. Beside them, two anchors measured in the same
// run: a bare Fastify hello-world, and the same history request for an account with no faxes (the fixed cost).
// The deep page is `page=501&pageSize=20` on a server that pages by number; when the history answers with a
// `nextCursor`, the bench follows 500 cursors to the same depth and then measures that page.
// The server is a build (`node main.js`) started here with its own embedded PostgreSQL on a temporary data folder; all of
// it is loopback only and is stopped at the end (also on Ctrl-C).
// Run: npx tsx bench/history.ts [--server apps/server/dist/main.js] [--faxes 1000000] [--samples 30] [--budget 150]
import { performance } from 'node:perf_hooks';
import { openDatabase, signUp, type Customer } from './support/faxline';
import { agentOf, send } from './support/http';
import { readArgs, runBench, startFaxline, startHelloWorld } from './support/processes';
import { count, duration, log, machineLine, percentile, printTable, type Row } from './support/report';
import { SEARCH_WITHOUT_HITS, SEARCH_WITH_HITS, seedFaxes } from './support/seed-faxes';

const args = readArgs({ faxes: '1000000', samples: '30', budget: '150' });
const FAXES = Number(args.faxes);
const SAMPLES = Number(args.samples);
/** Seconds one measurement may take: a slow one stops early (with at least 5 samples) and says how many it has. */
const BUDGET_MS = Number(args.budget) * 1_000;
const PAGE_SIZE = 20;
const DEEP_PAGE = 501;
const GOAL_MS = 50;

const agent = agentOf(1);
type Page = { faxes: unknown[]; total?: number; nextCursor?: string | null };

async function get(url: string, cookie?: string) {
  const reply = await send(url, { agent, headers: cookie ? { cookie } : {}, timeoutMs: 120_000 });
  if (reply.status !== 200) throw new Error(`GET ${url} answered ${reply.status || reply.error}: ${reply.body.slice(0, 300)}`);
  return { ms: reply.ms, page: JSON.parse(reply.body) as Page };
}

type Timing = { p50: number; p95: number; n: number; page: Page };

/** The same request, one at a time, after two unmeasured ones. */
async function timing(name: string, url: string, cookie?: string): Promise<Timing> {
  let page = (await get(url, cookie)).page;
  await get(url, cookie);
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < SAMPLES && (samples.length < 5 || performance.now() - started < BUDGET_MS)) {
    const reply = await get(url, cookie);
    samples.push(reply.ms);
    page = reply.page;
  }
  const result = { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length, page };
  log(`${name}: p50 ${duration(result.p50)}, p95 ${duration(result.p95)} (${result.n} requests)`);
  return result;
}

const history = (base: string, query: Record<string, string | number>) =>
  `${base}/api/faxes?${new URLSearchParams(Object.entries({ direction: 'outbound', ...query }).map(([k, v]) => [k, String(v)]))}`;

/** The deep page's address: by page number, or by following cursors to the same depth when the server gives them. */
async function deepPageUrl(base: string, owner: Customer): Promise<{ url: string; how: string }> {
  const first = await get(history(base, { pageSize: PAGE_SIZE }), owner.cookie);
  if (!('nextCursor' in first.page)) return { url: history(base, { page: DEEP_PAGE, pageSize: PAGE_SIZE }), how: `page=${DEEP_PAGE}` };
  let cursor = first.page.nextCursor;
  const started = performance.now();
  for (let page = 2; page < DEEP_PAGE; page += 1) {
    if (!cursor) throw new Error(`The history ended at page ${page - 1}, before the deep page`);
    cursor = (await get(history(base, { pageSize: PAGE_SIZE, cursor }), owner.cookie)).page.nextCursor;
  }
  if (!cursor) throw new Error('No cursor for the deep page');
  const followed = performance.now() - started;
  return {
    url: history(base, { pageSize: PAGE_SIZE, cursor }),
    how: `cursor after ${DEEP_PAGE - 1} pages (following them took ${duration(followed)}, ${duration(followed / (DEEP_PAGE - 2))} each)`,
  };
}

await runBench(async () => {
  process.stdout.write(`Faxline history bench (issue 12)\nserver: ${args.server}\nmachine: ${machineLine()}\n\n`);
  const hello = await startHelloWorld();
  // What the database does at a million faxes: each request is read from it, not from the answers kept in memory
  // (decision 035), which would answer every repeated query here without asking it.
  const faxline = await startFaxline(args.server, { HISTORY_CACHE_ENTRIES: '0' });
  const db = openDatabase(await faxline.databaseUrl());
  log(`servers ready: hello-world ${hello.url}, Faxline ${faxline.url} (data in ${faxline.dataDir})`);

  const owner = await signUp(faxline.url, db, 'Bench History Clinic');
  const empty = await signUp(faxline.url, db, 'Bench Empty Office');
  log(`seeding ${count(FAXES)} faxes for ${owner.email}...`);
  const seeded = await seedFaxes(db, owner, FAXES);
  log(
    `seeded in ${duration(seeded.ms)}${seeded.recounted ? ' (counts rebuilt by faxline_recount_account)' : ''}, VACUUM ANALYZE ${duration(seeded.analyzeMs)}; columns: ${seeded.columns.join(', ')}`,
  );

  const base = faxline.url;
  const helloTiming = await timing('hello-world', `${hello.url}/`);
  const anchor = await timing('empty history', history(base, {}), empty.cookie);
  const first = await timing('first page', history(base, {}), owner.cookie);
  const deep = await deepPageUrl(base, owner);
  const deepTiming = await timing(`deep page (${deep.how})`, deep.url, owner.cookie);
  const hits = await timing('search with hits', history(base, { search: SEARCH_WITH_HITS }), owner.cookie);
  const none = await timing('search without hits', history(base, { search: SEARCH_WITHOUT_HITS }), owner.cookie);

  if (first.page.faxes.length !== PAGE_SIZE || deepTiming.page.faxes.length !== PAGE_SIZE || hits.page.faxes.length === 0)
    throw new Error('The history answered fewer faxes than it holds: the figures would not be about the same work');
  if (none.page.faxes.length !== 0) throw new Error(`"${SEARCH_WITHOUT_HITS}" found faxes: the seed or the search is not what the bench expects`);

  const row = (measure: string, t: Timing, note?: string): Row => ({
    measure,
    result: `p50 ${duration(t.p50)}, p95 ${duration(t.p95)} (${t.n} req; p95 ${count(t.p95 / anchor.p95)}x the empty history)`,
    goal: `p95 <= ${GOAL_MS} ms`,
    met: t.p95 <= GOAL_MS,
    ...(note ? { note } : {}),
  });
  const found = (t: Timing) => (t.page.total === undefined ? `${t.page.faxes.length} on the page` : `${count(t.page.total)} found`);
  printTable(`Results: ${count(FAXES)} faxes in one account (${new Date().toISOString()}; machine at the end: ${machineLine()})`, [
    { measure: 'anchor: hello-world', result: `p50 ${duration(helloTiming.p50)}, p95 ${duration(helloTiming.p95)}`, goal: 'anchor' },
    { measure: 'anchor: GET /api/faxes, no faxes', result: `p50 ${duration(anchor.p50)}, p95 ${duration(anchor.p95)}`, goal: 'anchor' },
    row('first page', first, found(first)),
    row(`deep page (~${count((DEEP_PAGE - 1) * PAGE_SIZE)} rows in)`, deepTiming, deep.how),
    row(`search with hits ("${SEARCH_WITH_HITS}")`, hits, found(hits)),
    row(`search without hits ("${SEARCH_WITHOUT_HITS}")`, none),
  ]);
  agent.destroy();
});
