// A fax history of any size for one account, written straight into PostgreSQL with one INSERT ... SELECT over
// generate_series: a realistic mix (70% sent, 30% received; sent mostly delivered, some failed, partly delivered or
// cancelled; 10,000 correspondents with names; 1 to 5 pages; dates over two years). Every field comes from a hash of
// the row number, so two runs seed the same history. Only the columns the table has are filled (the schema changes).
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

const FIRST = ['Northwind', 'Juniper', 'Cedar', 'Harbor', 'Maple', 'Summit', 'Riverside', 'Oakwood', 'Lakeview', 'Bayside'];
const SECOND = ['Clinic', 'Radiology', 'Dental', 'Pharmacy', 'Law Office', 'Insurance', 'Cardiology', 'Orthopedics', 'Pediatrics', 'Labs'];
/** 100 correspondents' names; each name belongs to the numbers that end in its two digits. */
const NAMES = FIRST.flatMap((first) => SECOND.map((second) => `${first} ${second}`));

/** A search that hits one correspondent's name: about 0.8% of the sent faxes and 0.2% of the received ones. */
export const SEARCH_WITH_HITS = 'juniper rad';
/** A search that matches nothing: no number, name or status holds it. */
export const SEARCH_WITHOUT_HITS = 'zebrafish';

/** A number from 0 to n-1 drawn from the row number g with its own seed (independent of the other draws). */
const draw = (seed: number, n: number) => `(((hashint4extended(g::int, ${seed}) % ${n}) + ${n}) % ${n})`;

const OUTBOUND = 'r.d < 70';
/** Each column the seed knows how to fill, as an SQL expression over the draws of one row. */
const COLUMNS: Record<string, string> = {
  account_id: '$1::text',
  user_id: `CASE WHEN ${OUTBOUND} THEN $2::text END`,
  direction: `CASE WHEN ${OUTBOUND} THEN 'outbound' ELSE 'inbound' END`,
  status: `CASE WHEN NOT ${OUTBOUND} THEN 'received' WHEN r.s < 850 THEN 'delivered' WHEN r.s < 950 THEN 'failed'
    WHEN r.s < 980 THEN 'partially_delivered' ELSE 'canceled' END`,
  read_at: `CASE WHEN NOT ${OUTBOUND} AND r.m < 90 THEN r.created + interval '1 hour' END`,
  from_number: `CASE WHEN ${OUTBOUND} THEN $3::text ELSE '+1310555' || lpad(r.n::text, 4, '0') END`,
  to_number: `CASE WHEN ${OUTBOUND} THEN '+1212555' || lpad(r.n::text, 4, '0') ELSE $3::text END`,
  recipient_name: `CASE WHEN ${OUTBOUND} AND r.k < 80 THEN ($4::text[])[1 + r.n % 100] END`,
  sender_name: `CASE WHEN NOT ${OUTBOUND} AND r.k < 60 THEN ($4::text[])[1 + r.n % 100] END`,
  quality: `CASE WHEN r.p < 70 THEN 'fine' WHEN r.p < 90 THEN 'standard' ELSE 'superfine' END`,
  language: `'en'`,
  pages: '1 + (r.p * r.p) / 2000',
  line: `CASE WHEN ${OUTBOUND} THEN 'sandbox' END`,
  failure_reason: `CASE WHEN ${OUTBOUND} AND r.s >= 980 THEN 'canceled'
    WHEN ${OUTBOUND} AND r.s >= 850 AND r.s < 950 THEN (ARRAY['busy', 'no_answer', 'line_quality', 'not_a_fax_machine'])[1 + r.s % 4] END`,
  failure_message: `CASE WHEN ${OUTBOUND} AND r.s >= 850 AND r.s < 950 THEN 'The fax could not be delivered.'
    WHEN ${OUTBOUND} AND r.s >= 980 THEN 'Canceled by the sender.' END`,
  created_at: 'r.created',
  updated_at: `r.created + interval '90 seconds'`,
  completed_at: `r.created + interval '90 seconds'`,
};

export type SeedResult = { rows: number; ms: number; columns: string[]; recounted: boolean; analyzeMs: number };

/**
 * Seeds `rows` faxes for the account, then brings derived data up to date: when the schema keeps counts of an account's
 * faxes (the function faxline_recount_account exists), its row triggers are skipped during the bulk insert and the
 * account is recounted once after it; then VACUUM ANALYZE of the database, as autovacuum would have done to tables that
 * grew this much (the faxes and whatever the recount rebuilt).
 */
export async function seedFaxes(
  db: pg.Pool,
  account: { accountId: string; userId: string; number: string | null },
  rows: number,
): Promise<SeedResult> {
  const started = performance.now();
  const { rows: existing } = await db.query<{
    column_name: string;
    is_nullable: string;
    column_default: string | null;
    is_generated: string;
  }>(
    `SELECT column_name, is_nullable, column_default, is_generated FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'faxes'`,
  );
  const writable = existing.filter((c) => c.is_generated !== 'ALWAYS');
  const columns = writable.map((c) => c.column_name).filter((name) => name in COLUMNS);
  const missing = writable.filter((c) => c.is_nullable === 'NO' && c.column_default === null && !(c.column_name in COLUMNS));
  if (missing.length > 0)
    throw new Error(`The faxes table has required columns the seed does not fill: ${missing.map((c) => c.column_name).join(', ')}`);

  const { rows: recount } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'faxline_recount_account'`,
  );
  const recounted = recount[0]!.n > 0;
  const client = await db.connect();
  // Its connection dropping (the server stopping on Ctrl-C) fails the query below; the event must not crash the bench.
  client.on('error', () => undefined);
  try {
    await client.query('BEGIN');
    // Skips the counting triggers (and foreign-key checks) for this one bulk insert; the recount below replaces them.
    if (recounted) await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      `INSERT INTO faxes (${columns.join(', ')})
       SELECT ${columns.map((c) => COLUMNS[c]).join(', ')}
       FROM (SELECT g, ${draw(1, 100)} AS d, ${draw(2, 1000)} AS s, ${draw(3, 10_000)} AS n, ${draw(5, 100)} AS p,
               ${draw(6, 100)} AS k, ${draw(7, 100)} AS m, now() - ${draw(4, 2 * 365 * 86_400)} * interval '1 second' AS created
             FROM generate_series(1, $5::int) AS g) r`,
      [account.accountId, account.userId, account.number ?? '+14155550100', NAMES, rows],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  if (recounted) await db.query('SELECT faxline_recount_account($1)', [account.accountId]);
  const seeded = performance.now();
  await db.query('VACUUM ANALYZE');
  return { rows, ms: seeded - started, columns, recounted, analyzeMs: performance.now() - seeded };
}

/** Words read on faxes, for the history's search inside them (decision 100): one common to all, one in a tenth. */
export const WORDS_COMMON = 'referral';
export const WORDS_TENTH = 'dermatology';
const DEPARTMENTS = [
  'dermatology',
  'cardiology',
  'oncology',
  'neurology',
  'radiology',
  'pediatrics',
  'urology',
  'orthopedics',
  'nephrology',
  'psychiatry',
];

/**
 * Gives every `every`-th fax of the account words as if read (fax_text_words, English): a referral to one of ten
 * departments with its own case number (`case1`, `case2`, ... in the order of the faxes' ids). Returns how many faxes
 * have words. No text file is made: the search and its counts are measured, not the snippets of a page.
 */
export async function seedFaxText(db: pg.Pool, accountId: string, every: number): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO fax_text_words (fax_id, account_id, direction, configuration, words)
     SELECT id, account_id, direction, 'english', to_tsvector('english',
         'Referral to ' || ($3::text[])[1 + ((n / $2) % 10)::int] || ' for the patient named on page one, case' || n)
     FROM (SELECT id, account_id, direction, row_number() OVER (ORDER BY id) AS n FROM faxes WHERE account_id = $1) f
     WHERE n % $2 = 0`,
    [accountId, every, DEPARTMENTS],
  );
  await db.query('VACUUM ANALYZE fax_text_words');
  return rowCount ?? 0;
}

/** The case number of one received fax given words by seedFaxText: a word no other fax holds. */
export async function rareWordOfReceivedFax(db: pg.Pool, accountId: string): Promise<string> {
  const { rows } = await db.query<{ words: string }>(
    `SELECT words::text AS words FROM fax_text_words WHERE account_id = $1 AND direction = 'inbound' ORDER BY fax_id LIMIT 1`,
    [accountId],
  );
  const word = /'(case\d+)'/.exec(rows[0]?.words ?? '')?.[1];
  if (!word) throw new Error('No received fax was given words: the seed is not what the bench expects');
  return word;
}
