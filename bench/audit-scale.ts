// The audit log viewer at 10,000,000 events (decision 061): the trail seeded straight into
// PostgreSQL (generate_series, in batches of a million), then the back office's reads over HTTP as a signed-in,
// stepped-up admin, one at a time, p50 and p95: the newest page (all events, the count capped), the deepest numbered
// page, a common and a rare action, one person found by part of their name, one object, one day, and the filters'
// choices. Beside them, a bare Fastify hello-world measured in the same run.
// The trail: one event every few seconds over three years, newest last; 60 actions and 12 object types, a few of them
// common; 20,000 people, one of them the bench's admin (1 event in 10,000); 500,000 objects.
// The server is a build (`node main.js --role=api`) started here with its own embedded PostgreSQL on a temporary data
// folder; all of it is loopback only and is stopped at the end (also on Ctrl-C).
// Run: npx tsx bench/audit-scale.ts [--server apps/server/dist/main.js] [--events 10000000] [--samples 30] [--budget 150]
import { ADMIN_AUDIT_MAX_PAGE, type TAdminAuditFacets, type TAdminAuditResponse } from '@faxline/shared';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { PASSWORD, openDatabase, signUp, type Customer } from './support/faxline';
import { cookieFrom, send } from './support/http';
import { readArgs, runBench, startFaxline, startHelloWorld } from './support/processes';
import { count, duration, log, machineLine, printTable, type Row } from './support/report';
import { anchorRow, closeTimingConnection, latencyRow, timing, type Sampling, type Timing } from './support/timing';

const args = readArgs({ events: '10000000', samples: '30', budget: '150' });
const EVENTS = Number(args.events);
const sampling: Sampling = { samples: Number(args.samples), budgetMs: Number(args.budget) * 1_000 };
const BATCH = 1_000_000;
const GOAL_MS = 50;
const SPAN_SECONDS = 3 * 365 * 86_400;

/** A number from 0 to n-1 drawn from the row number g with its own seed. */
const draw = (seed: number, n: number) => `(((hashint4extended(g::int, ${seed}) % ${n}) + ${n}) % ${n})`;

/** Events `from` to `to` (1-based) of the trail; the admin acts in one in 10,000. */
async function seedBatch(db: pg.Pool, adminId: string, from: number, to: number): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (at, actor_user_id, account_id, ip, action, object_type, object_id, outcome, details)
     SELECT now() - ($3::bigint - g) * ($4::float8 / $3::bigint) * interval '1 second',
       CASE WHEN g % 10000 = 0 THEN $5::text ELSE 'bench-user-' || ${draw(1, 20_000)} END,
       'bench-account-' || ${draw(2, 5_000)},
       '198.51.100.' || ${draw(3, 250)},
       CASE WHEN ${draw(4, 100)} < 40 THEN 'session.sign_in' WHEN ${draw(4, 100)} < 60 THEN 'fax.view'
         WHEN ${draw(4, 100)} < 75 THEN 'fax.send' ELSE 'bench.action_' || ${draw(5, 57)} END,
       CASE WHEN ${draw(4, 100)} < 40 THEN 'session' WHEN ${draw(4, 100)} < 75 THEN 'fax' ELSE 'bench_type_' || ${draw(6, 10)} END,
       'object-' || ${draw(7, 500_000)},
       CASE WHEN ${draw(8, 100)} < 95 THEN 'success' WHEN ${draw(8, 100)} < 98 THEN 'denied' ELSE 'failure' END,
       jsonb_build_object('bench', true)
     FROM generate_series($1::int, $2::int) AS g`,
    [from, to, EVENTS, SPAN_SECONDS, adminId],
  );
}

/** The customer made a platform admin, signed in again (the role is read at sign-in) and stepped up (admin-access). */
async function adminCookie(base: string, db: pg.Pool, customer: Customer): Promise<string> {
  await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [customer.userId]);
  const headers = { 'content-type': 'application/json', origin: base };
  const json = (value: object) => Buffer.from(JSON.stringify(value));
  const signIn = await send(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers,
    body: json({ identifier: customer.email, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body}`);
  const cookie = cookieFrom(signIn.headers);
  const stepUp = await send(`${base}/api/admin-access`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: json({ password: PASSWORD }),
  });
  if (stepUp.status !== 200) throw new Error(`POST /api/admin-access answered ${stepUp.status}: ${stepUp.body}`);
  return [cookie, cookieFrom(stepUp.headers)].filter(Boolean).join('; ');
}

await runBench(async () => {
  process.stdout.write(`Faxline audit log bench (issue 21)\nserver: ${args.server}\nmachine: ${machineLine()}\n\n`);
  const hello = await startHelloWorld();
  const faxline = await startFaxline(args.server, {}, 'api');
  const db = openDatabase(await faxline.databaseUrl());
  const base = faxline.url;
  log(`servers ready: hello-world ${hello.url}, Faxline API ${base} (data in ${faxline.dataDir})`);

  const auditor = await signUp(base, db, `Bench Auditor ${Date.now().toString(36)}`);
  const cookie = { cookie: await adminCookie(base, db, auditor) };
  log(`seeding ${count(EVENTS)} audit events...`);
  const started = performance.now();
  for (let from = 1; from <= EVENTS; from += BATCH) {
    const to = Math.min(EVENTS, from + BATCH - 1);
    await seedBatch(db, auditor.userId, from, to);
    log(`  ${count(to)} events (${duration(performance.now() - started)})`);
  }
  const analyzing = performance.now();
  // As autovacuum does to a table that grew: statistics, and the visibility map that lets a count read only an index.
  await db.query('VACUUM ANALYZE audit_events');
  log(`seeded in ${duration(analyzing - started)}, VACUUM ANALYZE ${duration(performance.now() - analyzing)}`);

  const { rows: sample } = await db.query<{ object_type: string; object_id: string; day: string }>(
    `SELECT object_type, object_id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM audit_events
     WHERE object_id LIKE 'object-%' ORDER BY at DESC LIMIT 1 OFFSET $1`,
    [Math.floor(EVENTS / 10)],
  );
  const { object_type: objectType, object_id: objectId, day } = sample[0]!;
  const name = auditor.email.split('@')[0]!.slice(6);
  const url = (query: Record<string, string | number> = {}) =>
    `${base}/api/admin/audit?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  type Audit = TAdminAuditResponse;
  const helloTiming = await timing('hello-world', `${hello.url}/`, {}, sampling);
  const cases: Array<[string, string]> = [
    ['newest page, no filter', url()],
    [`deepest numbered page (page ${ADMIN_AUDIT_MAX_PAGE})`, url({ page: ADMIN_AUDIT_MAX_PAGE })],
    ['a common action (fax.send, ~15%)', url({ action: 'fax.send' })],
    ['a rare action (~0.4%)', url({ action: 'bench.action_7' })],
    ['a person by part of their address (1 in 10,000)', url({ actor: name })],
    ['one object (type and id)', url({ objectType, objectId })],
    ['one day, a common action', url({ from: day, to: day, action: 'session.sign_in' })],
  ];
  const anchor = { name: 'hello-world', p95: helloTiming.p95 };
  const rows: Row[] = [anchorRow('hello-world', helloTiming)];
  for (const [measure, address] of cases) {
    const t = await timing<Audit>(`audit: ${measure}`, address, cookie, sampling);
    if (t.body.events.length === 0) throw new Error(`${measure} found no events: the seed is not what the bench expects`);
    rows.push(
      latencyRow(
        measure,
        t,
        anchor,
        GOAL_MS,
        `${t.body.totalCapped ? 'more than ' : ''}${count(t.body.total)} event${t.body.total === 1 ? '' : 's'}`,
      ),
    );
  }
  const facets: Timing<TAdminAuditFacets> = await timing('audit: filter choices', `${base}/api/admin/audit/facets`, cookie, sampling);
  rows.push(
    latencyRow(
      'filter choices (/audit/facets)',
      facets,
      anchor,
      GOAL_MS,
      `${facets.body.actions.length} actions, ${facets.body.objectTypes.length} object types`,
    ),
  );
  printTable(`Results: ${count(EVENTS)} audit events (${new Date().toISOString()}; machine at the end: ${machineLine()})`, rows);
  closeTimingConnection();
});
