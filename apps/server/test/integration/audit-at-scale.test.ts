import { ADMIN_AUDIT_MAX_PAGE, ADMIN_AUDIT_PAGE_SIZE, AUDIT_COUNT_LIMIT, ZAdminAuditFacets } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@test-support/factories/accounts';
import { unique } from '@test-support/factories/values';
import { auditPage } from '../support/admin-audit';
import { adminSession, openTestApp, type TestApp } from '../support/test-app';

/**
 * The audit log viewer at scale (decision 061): with many times AUDIT_COUNT_LIMIT events in the
 * trail, every request of the viewer (each filter, the deepest page, the filters' choices) reads from audit_events no
 * more rows than its page and its bounded count need. Measured by running the very statements the server sent under
 * EXPLAIN ANALYZE, so a full read of the trail (a sequential scan, an unbounded count, a join filtered row by row)
 * fails here long before it is slow at ten million rows.
 */
const EVENTS = 6 * AUDIT_COUNT_LIMIT;
const ACTIONS = 40;

let t: TestApp;
let cookie: string;
let person: { id: string; name: string };

beforeAll(async () => {
  t = await openTestApp({ work: false });
  ({ cookie } = await adminSession(t, { name: 'Scale Auditor' }));
  person = await createUser(t, { name: `Ada ${unique('lovelace')}` });
  // One event a minute through 2025, from 1,000 other people; then the person's three, older than all of them, so
  // that reading the trail newest first would pass every other event before finding theirs.
  await t.db.execute(sql`
    INSERT INTO audit_events (at, actor_user_id, action, object_type, object_id, outcome, ip)
    SELECT timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute', 'someone-' || (g % 1000), 'action.' || (g % ${ACTIONS}),
      'type-' || (g % 8), 'object-' || (g % 20000), 'success', '198.51.100.7'
    FROM generate_series(1, ${EVENTS}::int) AS g`);
  await t.db.execute(sql`
    INSERT INTO audit_events (at, actor_user_id, action, object_type, object_id, outcome)
    SELECT timestamptz '2024-06-01T00:00:00Z' + g * interval '1 day', ${person.id}, 'fax.view', 'fax', 'fax-' || g, 'success'
    FROM generate_series(1, 3) AS g`);
  // As autovacuum does to a table that grew (statistics, and the visibility map that lets a count read only the index).
  await t.db.execute(sql`VACUUM ANALYZE audit_events`);
}, 120_000);
afterAll(() => t.close());

const audit = (query: string) => auditPage(t.app, cookie, query);

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** Rows that the plan's scans of audit_events read: the ones they returned and the ones they read and dropped. */
function auditRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'audit_events'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + auditRowsRead(child), 0);
}

/** Sends a request and gives, for each statement on audit_events it made, the rows it read (run again under EXPLAIN ANALYZE). */
async function rowsReadBy(url: string): Promise<number[]> {
  const pool = t.env.database.pool;
  const original = pool.query.bind(pool) as (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  const statements: pg.QueryConfig[] = [];
  pool.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    if (text.includes('audit_events')) statements.push({ text, values: values ?? (typeof config === 'string' ? [] : config.values) });
    return original(config, values);
  }) as typeof pool.query;
  try {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
  } finally {
    pool.query = original as typeof pool.query;
  }
  expect(statements.length, url).toBeGreaterThan(0);
  const read: number[] = [];
  for (const statement of statements) {
    const { rows } = await original({ text: `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, values: statement.values ?? [] });
    read.push(auditRowsRead((rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan));
  }
  return read;
}

describe('the audit log viewer over a large trail', () => {
  it('counts up to the limit and then says more match; pages go as deep as it counts, and no deeper', async () => {
    const all = await audit('');
    expect(all).toMatchObject({ total: AUDIT_COUNT_LIMIT, totalCapped: true });
    expect(all.events).toHaveLength(ADMIN_AUDIT_PAGE_SIZE);

    const last = await audit(`?page=${ADMIN_AUDIT_MAX_PAGE}`);
    expect(last.events).toHaveLength(ADMIN_AUDIT_PAGE_SIZE);
    const [limitth] = (
      await t.db.execute<{ id: string }>(sql`SELECT id FROM audit_events ORDER BY at DESC, id DESC OFFSET ${AUDIT_COUNT_LIMIT - 1} LIMIT 1`)
    ).rows;
    expect(last.events.at(-1)!.id).toBe(Number(limitth!.id));
    const deeper = await t.app.inject({ method: 'GET', url: `/api/admin/audit?page=${ADMIN_AUDIT_MAX_PAGE + 1}`, headers: { cookie } });
    expect(deeper.statusCode).toBe(400);

    // Below the limit the count is exact.
    expect(await audit('?action=action.7')).toMatchObject({ total: EVENTS / ACTIONS, totalCapped: false });
  });

  it('finds a person by part of their name among a thousand others, their oldest events included', async () => {
    const found = await audit(`?actor=${encodeURIComponent(person.name.split(' ')[1]!.toUpperCase())}`);
    expect(found).toMatchObject({ total: 3, totalCapped: false });
    expect(found.events.map((e) => e.objectId)).toEqual(['fax-3', 'fax-2', 'fax-1']);
  });

  it('gives every action and object type recorded as the filters choices', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit/facets', headers: { cookie } });
    const facets = ZAdminAuditFacets.parse(response.json());
    expect(facets.actions).toEqual(expect.arrayContaining(['fax.view', 'action.0', `action.${ACTIONS - 1}`]));
    expect(facets.objectTypes).toEqual(expect.arrayContaining(['fax', 'type-0', 'type-7']));
  });

  it('reads no more of the trail than the page and the bounded count need, for every filter and the deepest page', async () => {
    const page = (n: number) => n * ADMIN_AUDIT_PAGE_SIZE;
    const bounded = AUDIT_COUNT_LIMIT + 1;
    const cases: Array<[string, number]> = [
      ['/api/admin/audit', bounded],
      // The rows skipped (from the index) and the page's own, read whole by their ids.
      [`/api/admin/audit?page=${ADMIN_AUDIT_MAX_PAGE}`, page(ADMIN_AUDIT_MAX_PAGE) + ADMIN_AUDIT_PAGE_SIZE],
      ['/api/admin/audit?action=action.3', EVENTS / ACTIONS],
      ['/api/admin/audit?objectType=type-2&page=3', bounded],
      ['/api/admin/audit?objectType=type-5&objectId=object-5', 10],
      [`/api/admin/audit?actor=${encodeURIComponent(person.name)}`, 10],
      ['/api/admin/audit?actor=someone-17', EVENTS / 1000 + ADMIN_AUDIT_PAGE_SIZE],
      ['/api/admin/audit?from=2025-01-10&to=2025-01-11&action=action.1', 2 * 24 * 60],
      // The choices: a few rows per distinct value (an index hop each), not the whole trail.
      ['/api/admin/audit/facets', 4 * (ACTIONS + 8 + 2)],
    ];
    for (const [url, most] of cases) {
      const read = await rowsReadBy(url);
      for (const rows of read) expect(rows, url).toBeLessThanOrEqual(most);
    }
  });
});
