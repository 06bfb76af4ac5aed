// A broadcast to 200 recipients from the portal (decision 111): the time from "Send" (the POST of the broadcast form,
// its CSV already read into numbers) to all 200 faxes accepted and queued (the 202), to all rendered and handed to
// their lines, and to all final, on the sandbox line (T.30 over audio for every outside number) at the e2e tests'
// fast fax clock. The recipients mix two internal numbers (Faxline accounts), the sandbox's busy and not-a-fax-machine
// test numbers and 196 other outside numbers, as the browser test's CSV does. The busy number is tried again by the
// retry policy (3 more tries, 3 minutes apart on the real clock), so "all final" is given with and without it.
// Run: npx tsx bench/broadcast.ts [--server apps/server/dist/main.js] [--recipients 200] [--clock 0.1]
//        [--line-concurrency 20]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SANDBOX_TEST_NUMBERS, ZSendBroadcastResponse } from '@faxline/shared';
import { onePagePdf, openDatabase, sandboxRecipient, signUp, withoutPageLimit } from './support/faxline';
import { send } from './support/http';
import { readArgs, runBench, startFaxline } from './support/processes';
import { count, duration, log, machineLine, printTable } from './support/report';

const args = readArgs({ recipients: '200', clock: '0.1', 'line-concurrency': '20' });
const RECIPIENTS = Number(args.recipients);
const FINAL = ['delivered', 'partially_delivered', 'failed', 'canceled'];
const TIMEOUT_MS = 10 * 60_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

await runBench(async () => {
  log(`starting Faxline (${args.server}) with FAX_CLOCK_SCALE=${args.clock}, LINE_CONCURRENCY=${args['line-concurrency']}...`);
  const faxline = await startFaxline(args.server, { FAX_CLOCK_SCALE: args.clock, LINE_CONCURRENCY: args['line-concurrency'] });
  const db = openDatabase(await faxline.databaseUrl());
  const sender = await signUp(faxline.url, db, 'Bench Broadcast Clinic');
  await withoutPageLimit(db, sender.accountId);
  const receivers = [await signUp(faxline.url, db, 'Bench Receiving Lab A'), await signUp(faxline.url, db, 'Bench Receiving Lab B')];
  const internal = receivers.map((r) => r.number!);
  const tests = [SANDBOX_TEST_NUMBERS.busy, SANDBOX_TEST_NUMBERS.not_a_fax_machine];
  const outside = Array.from({ length: RECIPIENTS - internal.length - tests.length }, (_, i) => sandboxRecipient(i));
  const recipients = [...internal, ...tests, ...outside];

  const form = new FormData();
  form.append('request.json', JSON.stringify({ recipients, faxQuality: 'standard', coverSubject: 'New price list' }));
  form.append('attachment_0', new Blob([new Uint8Array(await onePagePdf())], { type: 'application/pdf' }), 'price-list.pdf');
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());

  log(`sending one broadcast to ${count(recipients.length)} recipients...`);
  const started = performance.now();
  const reply = await send(`${faxline.url}/api/broadcasts`, {
    method: 'POST',
    headers: {
      cookie: sender.cookie,
      origin: faxline.url,
      'content-type': encoded.headers.get('content-type')!,
      'idempotency-key': randomUUID(),
    },
    body,
    timeoutMs: 120_000,
  });
  const queuedMs = performance.now() - started;
  if (reply.status !== 202) throw new Error(`POST /api/broadcasts answered ${reply.status}: ${reply.body}`);
  const { broadcastId } = ZSendBroadcastResponse.parse(JSON.parse(reply.body));

  let onLineMs = Number.NaN;
  let finalButBusyMs = Number.NaN;
  let finalMs = Number.NaN;
  let statuses = new Map<string, number>();
  while (performance.now() - started < TIMEOUT_MS) {
    const { rows } = await db.query<{ status: string; to_number: string; n: number }>(
      `SELECT status, to_number = $2 AS busy, count(*)::int AS n FROM faxes WHERE broadcast_id = $1 GROUP BY 1, 2`,
      [broadcastId, SANDBOX_TEST_NUMBERS.busy],
    );
    const typed = rows as unknown as { status: string; busy: boolean; n: number }[];
    statuses = new Map<string, number>();
    for (const row of typed) statuses.set(row.status, (statuses.get(row.status) ?? 0) + row.n);
    const now = performance.now() - started;
    const waiting = typed.filter((r) => ['queued', 'scheduled', 'converting'].includes(r.status)).reduce((s, r) => s + r.n, 0);
    if (waiting === 0 && Number.isNaN(onLineMs)) onLineMs = now;
    const openButBusy = typed.filter((r) => !FINAL.includes(r.status) && !r.busy).reduce((s, r) => s + r.n, 0);
    if (openButBusy === 0 && Number.isNaN(finalButBusyMs)) finalButBusyMs = now;
    if (typed.every((r) => FINAL.includes(r.status))) {
      finalMs = now;
      break;
    }
    await delay(100);
  }

  printTable(`A broadcast to ${count(recipients.length)} recipients, sandbox line, FAX_CLOCK_SCALE=${args.clock} (${machineLine()})`, [
    { measure: '"Send" to all accepted and queued (the 202)', result: duration(queuedMs) },
    { measure: '"Send" to all rendered and handed to their lines', result: duration(onLineMs) },
    { measure: '"Send" to all final but the busy number', result: duration(finalButBusyMs) },
    {
      measure: '"Send" to all final',
      result: duration(finalMs),
      note: 'the busy number ends after its 3 retries, 3 minutes apart on the real clock (18 s at 0.1)',
    },
    { measure: 'outcomes', result: [...statuses].map(([status, n]) => `${status} ${n}`).join(', ') },
  ]);
});
