// The fax history at scale: one account with 1,000,000 faxes, seeded straight into PostgreSQL, and the time
// of the history's requests over HTTP, one at a time (p50 and p95): the first page, a page 10,000 rows deep, a search
// with hits (a correspondent's name, ~1% of the rows) and one without, and searches inside faxes' words (decision 100)
// for one fax in `--words-every` that has them: a word all of those hold, one a tenth of them hold, one only one holds. Beside them, two anchors measured in the same
// run: a bare Fastify hello-world, and the same history request for an account with no faxes (the fixed cost).
// The deep page is `page=501&pageSize=20` on a server that pages by number; when the history answers with a
// `nextCursor`, the bench follows 500 cursors to the same depth and then measures that page.
// The server is a build (`node main.js`) started here with its own embedded PostgreSQL on a temporary data folder; all of
// it is loopback only and is stopped at the end (also on Ctrl-C).
// Run: npx tsx bench/history.ts [--server apps/server/dist/main.js] [--faxes 1000000] [--words-every 10] [--samples 30] [--budget 150]
// (bench/scale.ts measures the same history beside the public API's list and the workers' throughput.)
import { openDatabase, signUp } from './support/faxline';
import { DEEP_PAGE, PAGE_SIZE, historyDeepPage, historyUrl, type HistoryPage } from './support/history-pages';
import { readArgs, runBench, startFaxline, startHelloWorld } from './support/processes';
import { count, duration, log, machineLine, printTable } from './support/report';
import {
  SEARCH_WITHOUT_HITS,
  SEARCH_WITH_HITS,
  WORDS_COMMON,
  WORDS_TENTH,
  rareWordOfReceivedFax,
  seedFaxes,
  seedFaxText,
} from './support/seed-faxes';
import { anchorRow, closeTimingConnection, latencyRow, timing, type Sampling, type Timing } from './support/timing';

const args = readArgs({ faxes: '1000000', 'words-every': '10', samples: '30', budget: '150' });
const FAXES = Number(args.faxes);
/** Seconds one measurement may take: a slow one stops early (with at least 5 samples) and says how many it has. */
const sampling: Sampling = { samples: Number(args.samples), budgetMs: Number(args.budget) * 1_000 };
const GOAL_MS = 50;

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

  const worded = await seedFaxText(db, owner.accountId, Number(args['words-every']));
  log(`${count(worded)} faxes given words as if read`);

  // A User of one shared inbox among ten (decision 103): they see the received faxes of their inbox and of none.
  const clerk = await signUp(faxline.url, db, 'Bench Inbox Clerk');
  const inboxFaxes = await shareOneInboxOfTen(db, owner.accountId, clerk.userId);
  log(`${count(inboxFaxes)} received faxes moved to the clerk's inbox, the others to nine other inboxes`);

  const base = faxline.url;
  const as = (cookie: string) => ({ cookie });
  const helloTiming = await timing('hello-world', `${hello.url}/`, {}, sampling);
  const anchor = await timing<HistoryPage>('empty history', historyUrl(base, {}), as(empty.cookie), sampling);
  const first = await timing<HistoryPage>('first page', historyUrl(base, {}), as(owner.cookie), sampling);
  const deep = await historyDeepPage(base, owner.cookie);
  const deepTiming = await timing<HistoryPage>(`deep page (${deep.how})`, deep.url, as(owner.cookie), sampling);
  const hits = await timing<HistoryPage>('search with hits', historyUrl(base, { search: SEARCH_WITH_HITS }), as(owner.cookie), sampling);
  const none = await timing<HistoryPage>(
    'search without hits',
    historyUrl(base, { search: SEARCH_WITHOUT_HITS }),
    as(owner.cookie),
    sampling,
  );

  const byWords = async (name: string, search: string) =>
    timing<HistoryPage>(name, historyUrl(base, { search, direction: 'inbound' }), as(owner.cookie), sampling);
  const common = await byWords('words: common', WORDS_COMMON);
  const tenth = await byWords('words: a tenth', WORDS_TENTH);
  const rare = await byWords('words: one fax', await rareWordOfReceivedFax(db, owner.accountId));
  const receivedOwner = await timing<HistoryPage>('received, owner', historyUrl(base, { direction: 'inbound' }), as(owner.cookie), sampling);
  const receivedClerk = await timing<HistoryPage>('received, a User of one inbox', historyUrl(base, { direction: 'inbound' }), as(clerk.cookie), sampling);
  if (receivedClerk.body.total !== inboxFaxes) throw new Error(`The clerk sees ${receivedClerk.body.total} received faxes, not ${inboxFaxes}`);

  if (first.body.faxes.length !== PAGE_SIZE || deepTiming.body.faxes.length !== PAGE_SIZE || hits.body.faxes.length === 0)
    throw new Error('The history answered fewer faxes than it holds: the figures would not be about the same work');
  if (none.body.faxes.length !== 0)
    throw new Error(`"${SEARCH_WITHOUT_HITS}" found faxes: the seed or the search is not what the bench expects`);

  const against = { name: 'the empty history', p95: anchor.p95 };
  const row = (measure: string, t: Timing<HistoryPage>, note?: string) => latencyRow(measure, t, against, GOAL_MS, note);
  const found = (t: Timing<HistoryPage>) =>
    t.body.total === undefined ? `${t.body.faxes.length} on the page` : `${count(t.body.total)} found`;
  printTable(`Results: ${count(FAXES)} faxes in one account (${new Date().toISOString()}; machine at the end: ${machineLine()})`, [
    anchorRow('hello-world', helloTiming),
    anchorRow('GET /api/faxes, no faxes', anchor),
    row('first page', first, found(first)),
    row(`deep page (~${count((DEEP_PAGE - 1) * PAGE_SIZE)} rows in)`, deepTiming, deep.how),
    row(`search with hits ("${SEARCH_WITH_HITS}")`, hits, found(hits)),
    row(`search without hits ("${SEARCH_WITHOUT_HITS}")`, none),
    row(`received, words of ${count(worded)} ("${WORDS_COMMON}")`, common, found(common)),
    row(`received, words of a tenth ("${WORDS_TENTH}")`, tenth, found(tenth)),
    row(`received, words of one fax`, rare, found(rare)),
    row('received, first page, owner', receivedOwner, found(receivedOwner)),
    row('received, first page, a User of 1 inbox in 10', receivedClerk, found(receivedClerk)),
  ]);
  closeTimingConnection();
});

/**
 * Ten shared inboxes share the account's received faxes; the person joins the account as a User of the first. Faxes
 * are moved by one UPDATE each (the tallies follow in the triggers). Returns how many the person's inbox holds.
 */
async function shareOneInboxOfTen(db: ReturnType<typeof openDatabase>, accountId: string, userId: string): Promise<number> {
  await db.query(`UPDATE account_members SET account_id = $1, role = 'user' WHERE user_id = $2`, [accountId, userId]);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO inboxes (account_id, name) SELECT $1, 'Inbox ' || n FROM generate_series(0, 9) AS n RETURNING id`,
    [accountId],
  );
  await db.query(`INSERT INTO inbox_members (inbox_id, user_id, account_id) VALUES ($1, $2, $3)`, [rows[0]!.id, userId, accountId]);
  for (const [index, inbox] of rows.entries())
    await db.query(`UPDATE faxes SET inbox_id = $1 WHERE account_id = $2 AND direction = 'inbound' AND abs(hashtext(id::text)) % 10 = $3`, [
      inbox.id,
      accountId,
      index,
    ]);
  await db.query('VACUUM ANALYZE faxes');
  const held = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM faxes WHERE inbox_id = $1`, [rows[0]!.id]);
  return held.rows[0]!.n;
}
