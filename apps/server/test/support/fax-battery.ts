import { FINAL_FAX_STATUSES, type TFaxLine } from '@faxline/shared';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Auth } from '../../src/auth/auth';
import { faxAttempts, faxes } from '../../src/faxes/schema';
import type { Database } from '../../src/platform/db/client';
import { createAccount } from '@test-support/factories/accounts';
import { PASSWORD } from '@test-support/factories/values';
import type { ProcessLogs } from './process-logs';
import { TEST_ORIGIN } from './test-app';

/** A number of no Faxline account and none of the sandbox's test numbers: the sandbox line delivers it. */
export const SANDBOX_DELIVERS = '+12025550143';

/**
 * A person with an established account of its own (created a year ago: past the new accounts' daily limit) on a plan
 * without a page limit (the battery sends hundreds of pages).
 */
export async function unlimitedCustomer(deps: { auth: Auth; db: Database }, name: string) {
  const account = await createAccount(deps, {
    owner: { name },
    plan: { unlimited: true },
    createdAt: new Date(Date.now() - 365 * 86_400_000),
  });
  if (!account.number) throw new Error(`No fax number was assigned to ${account.owner.email}`);
  return { ...account.owner, number: account.number };
}

/** Signs in over real HTTP (a server that listens) and returns the Cookie header for the next requests. */
export async function signInOverHttp(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** POST /api/faxes over real HTTP as the send form makes it; status 0 when no answer came within `timeoutMs`. */
export async function sendFaxOverHttp(
  baseUrl: string,
  cookie: string,
  request: Record<string, unknown>,
  attachment: { name: string; bytes: Uint8Array },
  idempotencyKey: string,
  timeoutMs = 30_000,
): Promise<{ status: number; body: string }> {
  const form = new FormData();
  form.append('request.json', JSON.stringify(request));
  form.append('attachment_0', new Blob([Buffer.from(attachment.bytes)], { type: 'application/pdf' }), attachment.name);
  try {
    const response = await fetch(`${baseUrl}/api/faxes`, {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN, 'idempotency-key': idempotencyKey },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

/** One send of the battery: what it asked for and what the API answered. */
export type Send = {
  key: string;
  line: TFaxLine;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  faxId?: string;
  body?: string;
  at: number;
};

export type Examination = {
  accepted: number;
  delivered: number;
  lost: number;
  doubled: number;
  stuck: number;
  /** Faxes that exist although their request was not answered 202 (an error answer must change nothing). */
  createdByRefused: number;
  /** One line per fax that is not exactly right, with its rows, jobs and the log lines about it. */
  problems: string[];
  /** The accepted faxes by status when examined, as `statusCounts` counts them. */
  statuses: Record<string, number>;
};

/** What must be zero after any battery: the figures an examination's verdict compares with `NOTHING_WRONG`. */
export const wrongnessOf = (exam: Examination) => ({
  lost: exam.lost,
  doubled: exam.doubled,
  stuck: exam.stuck,
  createdByRefused: exam.createdByRefused,
  problems: exam.problems.length,
});
export const NOTHING_WRONG: ReturnType<typeof wrongnessOf> = { lost: 0, doubled: 0, stuck: 0, createdByRefused: 0, problems: 0 };

/** Statuses of the faxes accepted (202) in `sends`, by status. */
export async function statusCounts(db: Database, sends: Send[]): Promise<Record<string, number>> {
  const ids = sends.filter((s) => s.status === 202 && s.faxId).map((s) => s.faxId!);
  if (ids.length === 0) return {};
  const rows = await db
    .select({ status: faxes.status, n: sql<number>`count(*)::int` })
    .from(faxes)
    .where(inArray(faxes.id, ids))
    .groupBy(faxes.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Waits until every accepted fax is in a final state; returns how long that took. It gives up at `timeoutMs`, or
 * sooner when no fax has reached its final state for `stallMs` (default: never sooner). A battery on a shared machine
 * passes a generous limit and a stall time: a slow machine that still delivers is given the time, a fax that waits on
 * nothing is not (decision 078).
 */
export async function waitUntilAllFinal(
  db: Database,
  sends: Send[],
  timeoutMs: number,
  { stallMs = timeoutMs }: { stallMs?: number } = {},
): Promise<number> {
  const started = Date.now();
  const ids = sends.filter((s) => s.status === 202 && s.faxId).map((s) => s.faxId!);
  let lastOpen = Infinity;
  let progressAt = started;
  while (Date.now() - started < timeoutMs && Date.now() - progressAt < stallMs) {
    const open =
      ids.length === 0
        ? []
        : await db
            .select({ id: faxes.id })
            .from(faxes)
            .where(and(inArray(faxes.id, ids), notInArray(faxes.status, FINAL_FAX_STATUSES)));
    if (open.length === 0) return Date.now() - started;
    if (open.length < lastOpen) [lastOpen, progressAt] = [open.length, Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Date.now() - started;
}

async function jobsOf(db: Database, faxId: string): Promise<string[]> {
  const { rows } = await db.execute<{ name: string; state: string; retry_count: number; started_on: Date | null; output: unknown }>(sql`
    select name, state::text, retry_count, started_on, output from pgboss.job where data->>'faxId' = ${faxId}
    union all
    select name, state::text, retry_count, started_on, output from pgboss.archive where data->>'faxId' = ${faxId}`);
  return rows.map(
    (j) =>
      `${j.name} ${j.state} (retries ${j.retry_count}${j.started_on ? `, started ${new Date(j.started_on).toISOString()}` : ''})` +
      (j.output ? ` ${JSON.stringify(j.output).slice(0, 200)}` : ''),
  );
}

/**
 * What every connection to the battery's database is doing (application, state, what it waits for, for how long, its
 * query): when faxes are stuck, this says whether a step waits on a lock, on the pool, or on nothing at all.
 */
export async function databaseActivity(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ line: string }>(sql`
    select format('pid %s %s %s%s, transaction %s s, state %s s: %s',
      a.pid, coalesce(nullif(a.application_name, ''), '?'), a.state,
      coalesce(' waiting on ' || a.wait_event_type || '/' || a.wait_event, ''),
      coalesce(round(extract(epoch from now() - a.xact_start))::text, '-'),
      coalesce(round(extract(epoch from now() - a.state_change))::text, '-'),
      left(regexp_replace(a.query, '[[:space:]]+', ' ', 'g'), 160))
      || coalesce(' blocked by ' || nullif(array_to_string(pg_blocking_pids(a.pid), ','), ''), '') as line
    from pg_stat_activity a
    where a.datname = current_database() and a.pid <> pg_backend_pid()
    order by a.xact_start nulls last`);
  return rows.map((r) => r.line);
}

/**
 * The judgement of the battery on every fax that got a 202: it exists once, is in a final state, and was delivered
 * exactly once where it went (internal: one copy in the recipient's inbox; sandbox: one attempt that delivered),
 * with no attempt left open. Anything else is a problem, described with the fax's rows, its jobs and its log lines.
 */
export async function examineFaxes(
  db: Database,
  sends: Send[],
  options: { senderAccountId: string; recipientAccountId: string; logs?: ProcessLogs },
): Promise<Examination> {
  const accepted = sends.filter((s) => s.status === 202);
  const problems: string[] = [];
  let lost = 0;
  let doubled = 0;
  let stuck = 0;
  let delivered = 0;
  let createdByRefused = 0;

  const ids = accepted.map((s) => s.faxId!).filter(Boolean);
  const rows = ids.length ? await db.select().from(faxes).where(inArray(faxes.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const attempts = ids.length ? await db.select().from(faxAttempts).where(inArray(faxAttempts.faxId, ids)) : [];
  const copies = ids.length
    ? await db.select({ sourceFaxId: faxes.sourceFaxId, accountId: faxes.accountId }).from(faxes).where(inArray(faxes.sourceFaxId, ids))
    : [];

  // A request answered with anything but 202 must have created nothing; one fax per key at most.
  const keys = sends.map((s) => s.key);
  const byKey = await db
    .select({ key: faxes.idempotencyKey, id: faxes.id, n: sql<number>`count(*) over (partition by ${faxes.idempotencyKey})::int` })
    .from(faxes)
    .where(and(eq(faxes.accountId, options.senderAccountId), inArray(faxes.idempotencyKey, keys)));
  for (const row of byKey) {
    const send = sends.find((s) => s.key === row.key)!;
    if (row.n > 1) {
      doubled += 1;
      problems.push(`key ${row.key}: ${row.n} faxes for one request`);
    } else if (send.status !== 202) {
      createdByRefused += 1;
      problems.push(`key ${row.key}: answered ${send.status || 'nothing'} yet fax ${row.id} exists (${send.body?.slice(0, 200) ?? ''})`);
    }
  }
  const stray = await db
    .select({ id: faxes.id, key: faxes.idempotencyKey })
    .from(faxes)
    .where(and(eq(faxes.accountId, options.senderAccountId), eq(faxes.direction, 'outbound')));
  for (const fax of stray) {
    if (!fax.key || !keys.includes(fax.key)) {
      doubled += 1;
      problems.push(`fax ${fax.id}: an outbound fax no request of the battery asked for (key ${fax.key})`);
    }
  }

  for (const send of accepted) {
    const fax = send.faxId ? byId.get(send.faxId) : undefined;
    const describe = async (what: string) => {
      const tried = attempts
        .filter((a) => a.faxId === send.faxId)
        .sort((a, b) => a.number - b.number)
        .map((a) => `#${a.number} ${a.result ?? (a.endedAt ? 'ended' : 'open')}`);
      const jobs = send.faxId ? await jobsOf(db, send.faxId) : [];
      const lines = send.faxId ? (options.logs?.about(send.faxId, 12) ?? []) : [];
      problems.push(
        [
          `fax ${send.faxId ?? '?'} (key ${send.key}, ${send.line}): ${what}`,
          `  status ${fax?.status ?? 'missing'}${fax?.failureReason ? ` (${fax.failureReason}: ${fax.failureMessage})` : ''}; attempts [${tried.join(', ')}]`,
          `  jobs: ${jobs.join(' | ') || 'none'}`,
          ...lines.map((l) => `  log ${l.slice(0, 400)}`),
        ].join('\n'),
      );
    };
    if (!fax) {
      lost += 1;
      await describe('answered 202 but the fax does not exist');
      continue;
    }
    if (!(FINAL_FAX_STATUSES as readonly string[]).includes(fax.status)) {
      stuck += 1;
      await describe('not in a final state');
      continue;
    }
    const mine = attempts.filter((a) => a.faxId === fax.id);
    const open = mine.filter((a) => !a.endedAt);
    const deliveries =
      send.line === 'internal'
        ? copies.filter((c) => c.sourceFaxId === fax.id && c.accountId === options.recipientAccountId).length
        : mine.filter((a) => a.result === 'delivered').length;
    const where = send.line === 'internal' ? "copies in the recipient's inbox" : 'attempts that delivered';
    if (deliveries > 1) {
      doubled += 1;
      await describe(`delivered ${deliveries} times (${where})`);
    } else if (fax.status !== 'delivered' || deliveries === 0) {
      lost += 1;
      await describe(`not delivered: status ${fax.status}, ${deliveries} ${where}`);
    } else if (open.length > 0) {
      await describe(`delivered, but attempt ${open.map((a) => a.number).join(', ')} was never closed`);
    } else {
      delivered += 1;
    }
  }
  const statuses: Record<string, number> = {};
  for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
  return { accepted: accepted.length, delivered, lost, doubled, stuck, createdByRefused, problems, statuses };
}
