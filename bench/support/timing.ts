// The latency of one read, as the benches time it: the same GET, one at a time over one kept-alive connection, after
// two unmeasured ones, p50 and p95 of the samples. A slow read stops early (with at least 5 samples) once its time
// budget is spent, and says how many samples it has.
import { performance } from 'node:perf_hooks';
import { agentOf, send } from './http';
import { count, duration, log, percentile, type Row } from './report';

const agent = agentOf(1);

export type Sampling = { samples: number; budgetMs: number };
export type Timing<T> = { p50: number; p95: number; n: number; body: T };

/** One GET that must answer 200, its JSON body and its time. */
export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; body: T }> {
  const reply = await send(url, { agent, headers, timeoutMs: 120_000 });
  if (reply.status !== 200) throw new Error(`GET ${url} answered ${reply.status || reply.error}: ${reply.body.slice(0, 300)}`);
  return { ms: reply.ms, body: JSON.parse(reply.body) as T };
}

export async function timing<T>(name: string, url: string, headers: Record<string, string>, sampling: Sampling): Promise<Timing<T>> {
  let body = (await getJson<T>(url, headers)).body;
  await getJson(url, headers);
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < sampling.samples && (samples.length < 5 || performance.now() - started < sampling.budgetMs)) {
    const reply = await getJson<T>(url, headers);
    samples.push(reply.ms);
    body = reply.body;
  }
  const result = { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length, body };
  log(`${name}: p50 ${duration(result.p50)}, p95 ${duration(result.p95)} (${result.n} requests)`);
  return result;
}

/**
 * p50 and p95 of `runs` runs of a piece of work done in this process (a statement, a computation), one at a time,
 * after the caller's own unmeasured run.
 */
export async function timeRuns(runs: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Closes the kept-alive connection at the end of a bench. */
export const closeTimingConnection = () => agent.destroy();

/** A result row: p50 and p95, the sample count, and p95 against an anchor measured in the same run. */
export function latencyRow(measure: string, t: Timing<unknown>, anchor: { name: string; p95: number }, goalMs: number, note?: string): Row {
  return {
    measure,
    result: `p50 ${duration(t.p50)}, p95 ${duration(t.p95)} (${t.n} req; p95 ${count(t.p95 / anchor.p95)}x ${anchor.name})`,
    goal: `p95 <= ${goalMs} ms`,
    met: t.p95 <= goalMs,
    ...(note ? { note } : {}),
  };
}

export const anchorRow = (measure: string, t: Timing<unknown>): Row => ({
  measure: `anchor: ${measure}`,
  result: `p50 ${duration(t.p50)}, p95 ${duration(t.p95)}`,
  goal: 'anchor',
});
