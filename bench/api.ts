// The public REST API v1, beside a bare Fastify hello-world measured in the same run on the same machine:
//   hello   the anchor: hello-world's requests per second, p50 and p99 (autocannon, 10 connections, --seconds each)
//   list    GET /v1/faxes?limit=25 with an API key, on an account with 1,000 faxes: req/s, p50, p99 and its share of
//           hello-world's (goal: >= 30%)
//   send    POST /v1/faxes, JSON with a one-page PDF in base64, each to a different sandbox number: req/s, p50, p99
//           and its share of hello-world's; every answer must be 202
//   paced   each endpoint alone at a steady 100 requests/s for twice --seconds: p50 and p99 (goal: p99 < 50 ms). The
//           requests go out at their due times (every 10 ms) over 20 connections, and each time counts from its due
//           time, as in bench/load.ts: autocannon's rates send each second's requests in a burst at its start.
// hello, list and send are measured in two rounds of alternating order, so that the machine's noise falls on all three.
// Sent faxes go on through the worker (renders, calls on the sandbox line): before each measurement the bench waits
// until no fax is in flight (at most --drain seconds), so that no part measures the rendering of an earlier one.
// The bench's accounts get a copy of their plan whose keys may make 1,000,000,000 requests a minute (the default is
// 100), the sender's without a page limit and past the new accounts' daily limit (withoutPageLimit).
// The server is a build (`node main.js`) started here with its own embedded PostgreSQL on a temporary data folder; all of
// it is loopback only and is stopped at the end (also on Ctrl-C).
// Run: npx tsx bench/api.ts [--server apps/server/dist/main.js] [--parts hello,list,send,paced] [--seconds 5] [--drain 900]
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TV1SendFaxRequest } from '@faxline/shared/api-v1';
import type pg from 'pg';
import {
  createApiKey,
  faxesInFlight,
  onePagePdf,
  openDatabase,
  sandboxRecipient,
  signUp,
  withApiRequestsPerMinute,
  withoutPageLimit,
} from './support/faxline';
import { agentOf, send, throughput, type Throughput } from './support/http';
import { readArgs, runBench, startFaxline, startHelloWorld } from './support/processes';
import { count, duration, log, machineLine, percentile, printTable, share, type Row } from './support/report';
import { seedFaxes } from './support/seed-faxes';

const PARTS = ['hello', 'list', 'send', 'paced'] as const;
const args = readArgs({ parts: PARTS.join(','), seconds: '5', drain: '900' });
const parts = new Set(args.parts.split(',').map((p) => p.trim()));
for (const part of parts)
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--parts: unknown part "${part}"; expected ${PARTS.join(',')}`);
const seconds = Number(args.seconds);
const drainMs = Number(args.drain) * 1_000;

const CONNECTIONS = 10;
const HISTORY_FAXES = 1_000;
const LIST_PATH = '/v1/faxes?limit=25';
const REQUESTS_PER_MINUTE = 1_000_000_000;
const PACED_RATE = 100;
const PACED_CONNECTIONS = 20;
const PACED_SECONDS = 2 * seconds;
const LIST_SHARE_GOAL = 30;
const P99_GOAL_MS = 50;

type Target = { name: 'hello' | 'list' | 'send'; url: string; headers: Record<string, string>; body?: () => string };

/** A send of the public API: a new sandbox number each time (one number for all would measure its one call at a time). */
function sendBodies(pdf: Buffer): () => string {
  const content = pdf.toString('base64');
  let next = 0;
  return () =>
    JSON.stringify({ recipient: sandboxRecipient(next++), files: [{ name: 'referral.pdf', content }] } satisfies TV1SendFaxRequest);
}

/** Waits until no fax of any account is on its way, so that the next measurement starts on an idle machine. */
async function idle(db: pg.Pool): Promise<{ ms: number; left: number }> {
  const started = performance.now();
  let lastLog = started;
  for (;;) {
    const left = await faxesInFlight(db);
    if (left === 0 || performance.now() - started > drainMs) return { ms: performance.now() - started, left };
    if (performance.now() - lastLog > 30_000) {
      log(`waiting for ${left} faxes in flight to be final`);
      lastLog = performance.now();
    }
    await sleep(500);
  }
}

/** Answers other than `expected`, by status ("no answer" for errors and timeouts), e.g. "429: 3, no answer: 1". */
function otherAnswers(statuses: Record<string, number>, errors: number, expected: string): { count: number; text: string } {
  const others = Object.entries(statuses).filter(([status]) => status !== expected);
  if (errors > 0) others.push(['no answer', errors]);
  return { count: others.reduce((sum, [, n]) => sum + n, 0), text: others.map(([status, n]) => `${status}: ${n}`).join(', ') };
}

type Figures = { perSecond: number; p50: number; p99: number; others: { count: number; text: string }; waited: string[] };

/** hello, list and send in two rounds of alternating order: mean req/s and p50, the worst p99, all other answers. */
async function rounds(db: pg.Pool, targets: readonly Target[]): Promise<Map<Target['name'], Figures>> {
  const measured = new Map<Target['name'], { runs: Throughput[]; waited: string[] }>(
    targets.map((t) => [t.name, { runs: [], waited: [] }]),
  );
  for (const order of [targets, [...targets].reverse()]) {
    for (const target of order) {
      const before = await idle(db);
      const entry = measured.get(target.name)!;
      if (before.left > 0) entry.waited.push(`NOT IDLE: ${before.left} faxes in flight after ${duration(before.ms)}`);
      else if (before.ms > 1_000) entry.waited.push(`waited ${duration(before.ms)} for earlier faxes`);
      const run = await throughput(target.url, {
        connections: CONNECTIONS,
        seconds,
        headers: target.headers,
        ...(target.body ? { body: target.body } : {}),
      });
      entry.runs.push(run);
      log(`${target.name}: ${count(run.perSecond)} req/s, p50 ${duration(run.p50)}, p99 ${duration(run.p99)}`);
    }
  }
  const figures = new Map<Target['name'], Figures>();
  for (const [name, { runs, waited }] of measured) {
    const statuses: Record<string, number> = {};
    for (const run of runs) for (const [status, n] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    figures.set(name, {
      perSecond: runs.reduce((sum, r) => sum + r.perSecond, 0) / runs.length,
      p50: runs.reduce((sum, r) => sum + r.p50, 0) / runs.length,
      p99: Math.max(...runs.map((r) => r.p99)),
      others: otherAnswers(
        statuses,
        runs.reduce((sum, r) => sum + r.errors, 0),
        name === 'send' ? '202' : '200',
      ),
      waited,
    });
  }
  return figures;
}

/** "1,234 req/s = 12.3% of 10,000 (hello-world); p50 2.0 ms vs 0.3 ms, p99 9.0 ms vs 1.0 ms" */
function besideHello(figure: Figures, hello: Figures | undefined): string {
  if (!hello) return `${count(figure.perSecond)} req/s; p50 ${duration(figure.p50)}, p99 ${duration(figure.p99)}`;
  return (
    `${count(figure.perSecond)} req/s = ${share(figure.perSecond, hello.perSecond)} of ${count(hello.perSecond)} (hello-world); ` +
    `p50 ${duration(figure.p50)} vs ${duration(hello.p50)}, p99 ${duration(figure.p99)} vs ${duration(hello.p99)}`
  );
}

function noteOf(figure: Figures): string | undefined {
  const notes = [...(figure.others.count > 0 ? [`other answers: ${figure.others.text}`] : []), ...figure.waited];
  return notes.length > 0 ? notes.join('; ') : undefined;
}

function throughputRows(figures: Map<Target['name'], Figures>): Row[] {
  const hello = figures.get('hello');
  const list = figures.get('list');
  const sent = figures.get('send');
  const rows: Row[] = [];
  if (hello) {
    const note = noteOf(hello);
    rows.push({
      measure: `hello-world, ${CONNECTIONS} connections, ${seconds} s x 2`,
      result: `${count(hello.perSecond)} req/s; p50 ${duration(hello.p50)}, p99 ${duration(hello.p99)}`,
      goal: 'anchor',
      ...(note ? { note } : {}),
    });
  }
  if (list) {
    const note = noteOf(list);
    rows.push({
      measure: `GET ${LIST_PATH}, ${count(HISTORY_FAXES)} faxes`,
      result: besideHello(list, hello),
      goal: `>= ${LIST_SHARE_GOAL}% of hello-world`,
      met: hello ? list.others.count === 0 && list.perSecond / hello.perSecond >= LIST_SHARE_GOAL / 100 : undefined,
      ...(note ? { note } : {}),
    });
  }
  if (sent) {
    const note = noteOf(sent);
    rows.push({
      measure: 'POST /v1/faxes, 1-page PDF in JSON',
      result: besideHello(sent, hello),
      goal: 'every answer 202',
      met: sent.others.count === 0,
      ...(note ? { note } : {}),
    });
  }
  return rows;
}

/**
 * Requests at a steady rate, each at its due time over a fixed number of connections; each time counts from its due
 * time (a request that waited for a free connection counts its wait).
 */
async function paced(db: pg.Pool, target: Target): Promise<Row> {
  const before = await idle(db);
  const total = PACED_RATE * PACED_SECONDS;
  const agent = agentOf(PACED_CONNECTIONS);
  const start = performance.now() + 100;
  const replies = await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const dueAt = start + (i * 1_000) / PACED_RATE;
      const wait = dueAt - performance.now();
      if (wait > 0) await sleep(wait);
      const body = target.body?.();
      return send(target.url, {
        method: body ? 'POST' : 'GET',
        headers: target.headers,
        ...(body ? { body: Buffer.from(body) } : {}),
        agent,
        dueAt,
        timeoutMs: 60_000,
      });
    }),
  );
  const elapsed = (performance.now() - start) / 1_000;
  agent.destroy();
  const expected = target.name === 'send' ? 202 : 200;
  const ok = replies.filter((r) => r.status === expected).map((r) => r.ms);
  const statuses: Record<string, number> = {};
  for (const r of replies) if (r.status !== 0) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const others = otherAnswers(statuses, replies.filter((r) => r.status === 0).length, String(expected));
  const p50 = percentile(ok, 50);
  const p99 = percentile(ok, 99);
  log(`paced ${target.name}: p50 ${duration(p50)}, p99 ${duration(p99)}${others.count ? `; ${others.text}` : ''}`);
  const notes = [
    ...(others.count > 0 ? [`other answers: ${others.text}`] : []),
    ...(before.left > 0 ? [`NOT IDLE: ${before.left} faxes in flight after ${duration(before.ms)}`] : []),
  ];
  return {
    measure: `${target.name === 'send' ? 'POST /v1/faxes' : `GET ${LIST_PATH}`} at ${PACED_RATE}/s, ${PACED_SECONDS} s`,
    result: `p50 ${duration(p50)}, p99 ${duration(p99)} (${total} requests in ${duration(elapsed * 1_000)}, ${PACED_CONNECTIONS} connections)`,
    goal: `p99 < ${P99_GOAL_MS} ms`,
    met: others.count === 0 && p99 < P99_GOAL_MS,
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}

await runBench(async () => {
  process.stdout.write(`Faxline public API bench (issue 17)\nserver: ${args.server}\nmachine: ${machineLine()}\n\n`);
  const hello = await startHelloWorld();
  const faxline = await startFaxline(args.server);
  const db = openDatabase(await faxline.databaseUrl());
  log(`servers ready: hello-world ${hello.url}, Faxline ${faxline.url} (data in ${faxline.dataDir})`);

  const reader = await signUp(faxline.url, db, 'Bench Reader Office');
  const readerPlan = await withApiRequestsPerMinute(db, reader.accountId, REQUESTS_PER_MINUTE);
  const seeded = await seedFaxes(db, reader, HISTORY_FAXES);
  const sender = await signUp(faxline.url, db, 'Bench Sender Clinic');
  await withoutPageLimit(db, sender.accountId);
  const senderPlan = await withApiRequestsPerMinute(db, sender.accountId, REQUESTS_PER_MINUTE);
  log(`reader ${reader.email} on ${readerPlan}: ${seeded.rows} faxes seeded in ${duration(seeded.ms)}`);
  log(`sender ${sender.email} (number ${sender.number}) on ${senderPlan}; a different +1 202 555 recipient for each fax (sandbox line)`);

  const targets = {
    hello: { name: 'hello', url: `${hello.url}/`, headers: {} },
    list: {
      name: 'list',
      url: `${faxline.url}${LIST_PATH}`,
      headers: { authorization: `Bearer ${await createApiKey(faxline.url, reader)}` },
    },
    send: {
      name: 'send',
      url: `${faxline.url}/v1/faxes`,
      headers: { authorization: `Bearer ${await createApiKey(faxline.url, sender)}`, 'content-type': 'application/json' },
      body: sendBodies(await onePagePdf()),
    },
  } satisfies Record<Target['name'], Target>;

  const rows: Row[] = [];
  const measured = (['hello', 'list', 'send'] as const).filter((name) => parts.has(name)).map((name) => targets[name]);
  if (measured.length > 0) rows.push(...throughputRows(await rounds(db, measured)));
  if (parts.has('paced')) rows.push(await paced(db, targets.list), await paced(db, targets.send));
  printTable(`Results (${new Date().toISOString()}; machine at the end: ${machineLine()})`, rows);
  // A 5xx is a defect: what the server logged at error level (its last 20 kB of output) goes beside the figures.
  const errors = faxline
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));
  if (errors.length > 0)
    process.stdout.write(`\nthe server logged ${errors.length} errors; the last ones:\n${errors.slice(-5).join('\n')}\n`);
});
