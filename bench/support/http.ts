// The benches' HTTP client: node:http with agents whose number of sockets is the number of connections a measurement
// names, a time limit on every request, and the time counted from when the request was due (so that a request that
// waited for a free connection counts its wait, as its sender sees it).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';

export type Reply = { status: number; body: string; ms: number; headers: http.IncomingHttpHeaders; error?: string };

export const agentOf = (connections: number) => new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

/** One request; `status` 0 means no answer (refused, reset or timed out), with the reason in `error`. */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    agent?: http.Agent;
    timeoutMs?: number;
    dueAt?: number;
  } = {},
): Promise<Reply> {
  const dueAt = options.dueAt ?? performance.now();
  return new Promise((resolve) => {
    const done = (reply: Omit<Reply, 'ms'>) => resolve({ ...reply, ms: performance.now() - dueAt });
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(options.body ? { 'content-length': String(options.body.length) } : {}) },
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: response.headers }),
        );
        response.on('error', (error) => done({ status: 0, body: '', headers: {}, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => done({ status: 0, body: '', headers: {}, error: error.message }));
    request.end(options.body);
  });
}

/** The Cookie header a browser would send after these Set-Cookie headers. */
export function cookieFrom(headers: http.IncomingHttpHeaders): string {
  return (headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!).join('; ');
}

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

// autocannon ships no type declarations: the part used here, typed.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export type Throughput = {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** Answers by status code (the latencies count only the 2xx ones). */
  statuses: Record<string, number>;
};

/**
 * Requests per second that `connections` clients get from a URL in `seconds`, after a one-second warm-up. With `body`,
 * every request is a `method` (POST by default) with a body of its own, made just before it is sent.
 */
export async function throughput(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    method?: string;
    body?: () => string;
    /** Runs the measured seconds (not the warm-up): to read something before and after them. */
    around?: (measure: () => Promise<void>) => Promise<void>;
  },
) {
  const { body } = options;
  const requests = body
    ? [{ method: options.method ?? 'POST', setupRequest: (request: AutocannonRequest) => ({ ...request, body: body() }) }]
    : undefined;
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, headers: options.headers, ...(requests ? { requests } : {}) });
  await run(1);
  let measured: AutocannonResult | undefined;
  const measure = async () => {
    measured = await run(options.seconds);
  };
  await (options.around ? options.around(measure) : measure());
  if (!measured) throw new Error('throughput: `around` did not run the measurement');
  const result = measured;
  return {
    perSecond: result.requests.total / options.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)])),
  } satisfies Throughput;
}
