// Requests per second and p99 latency of GET /api/plans (public) and GET /api/faxes (signed in, an account with a few
// faxes), each beside a bare Fastify hello-world measured in the same run, on the same machine, with the same client.
// The servers run in a child process (Faxline with its API role on an embedded PostgreSQL, production settings, logs
// at warn), the load comes from autocannon in this one, so neither side takes the other's event loop.
// Run: npx tsx bench/lean-requests.ts [seconds per measurement, default 10] [rounds, default 2]
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { createAuth } from '../apps/server/src/auth/auth';
import { createPerson } from '../apps/server/src/accounts/create-person';
import { loadConfig } from '../apps/server/src/platform/config';
import { createLogger } from '../apps/server/src/platform/logger';
import { startServer } from '../apps/server/src/server';
import { organizationTables } from '../apps/server/src/accounts/schema';
import { accountOpening } from '../apps/server/src/account-lifecycle';

type Targets = { hello: string; appUrl: string; cookie: string };
type Figures = { requests: number; p99: number; errors: number; non2xx: number };

const FAXES_IN_ACCOUNT = 5;
const PASSWORD = 'Bench-heron-2029!';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The child: both servers, a confirmed customer signed in, a few faxes in their history. */
async function serve(): Promise<void> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-bench-lean-'));
  await fs.chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    FILES_MASTER_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '',
    // One client, one address, one session: the per-session API limit would otherwise be what is measured.
    RATE_LIMIT_FACTOR: '10000',
  });
  const logger = createLogger(config);
  const running = await startServer(config, logger, 'api');
  const stop = async () => {
    await running.stop();
    await hello.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message) => message === 'stop' && void stop());
  process.on('disconnect', () => void stop());

  const auth = createAuth({
    db: running.database.db,
    queue: running.queue,
    config,
    secret: config.authSecret!,
    logger,
    organizationTables,
  });
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  await createPerson(
    { auth, db: running.database.db, lifecycle: accountOpening },
    { name: 'Bench Customer', email, password: PASSWORD, emailVerified: true },
  );

  const signedIn = await fetch(`${publicUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin: publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: PASSWORD }),
  });
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  for (let i = 0; i < FAXES_IN_ACCOUNT; i += 1) {
    const form = new FormData();
    form.append(
      'request.json',
      JSON.stringify({ recipientNumber: '+12025550143', faxQuality: 'fine', coverPageMessage: `Bench fax ${i + 1}` }),
    );
    const sent = await fetch(`${publicUrl}/api/faxes`, { method: 'POST', headers: { cookie, origin: publicUrl }, body: form });
    if (sent.status !== 202) throw new Error(`send fax: ${sent.status} ${await sent.text()}`);
  }
  process.send!({ hello: helloUrl, appUrl: publicUrl, cookie } satisfies Targets);
}

type AutocannonResult = {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations: the part used here, typed.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function measure(url: string, seconds: number, headers?: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return { requests: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/**
 * The session cookies as a browser holds them after asking who is signed in: a browser keeps the session's signed copy
 * that the server renews about once a minute; autocannon replays fixed headers, so the bench renews it before each
 * measurement (a measurement is shorter than the copy's minute).
 */
async function renewedCookie(appUrl: string, cookie: string): Promise<string> {
  const jar = new Map(cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]));
  const response = await fetch(`${appUrl}/api/auth/session`, { headers: { cookie } });
  if (!response.ok) throw new Error(`session: ${response.status}`);
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const [name, value] = pair!.split('=', 2) as [string, string];
    if (!value || attributes.some((a) => /^\s*max-age=0$/i.test(a))) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function run(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const rounds = Number(process.argv[3] ?? 2);
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const targets = await new Promise<Targets>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Targets));
    child.once('exit', (code) => reject(new Error(`the servers' process ended (${code}) before it was ready`)));
  });
  let cookie = targets.cookie;
  const cases: Record<string, { url: string; headers?: () => Promise<Record<string, string>> }> = {
    'hello-world': { url: targets.hello },
    'GET /api/plans': { url: `${targets.appUrl}/api/plans` },
    'GET /api/faxes': {
      url: `${targets.appUrl}/api/faxes`,
      headers: async () => ({ cookie: (cookie = await renewedCookie(targets.appUrl, cookie)) }),
    },
  };
  const names = Object.keys(cases);
  const results = new Map<string, Figures[]>(names.map((name) => [name, []]));
  try {
    // Warm-up (JIT, connection pool, caches), not counted.
    for (const name of names) await measure(cases[name]!.url, 2, await cases[name]!.headers?.());
    for (let round = 0; round < rounds; round += 1) {
      // Rotate the order so that no case always runs first (or last) on a machine others are using too.
      const order = names.map((_, i) => names[(i + round) % names.length]!);
      for (const name of order) results.get(name)!.push(await measure(cases[name]!.url, seconds, await cases[name]!.headers?.()));
    }
  } finally {
    child.send('stop');
  }

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const summary = names.map((name) => {
    const figures = results.get(name)!;
    return {
      name,
      rps: mean(figures.map((f) => f.requests)),
      p99: mean(figures.map((f) => f.p99)),
      failed: figures.reduce((n, f) => n + f.errors + f.non2xx, 0),
    };
  });
  const anchor = summary[0]!.rps;
  console.log(`${rounds} round(s) of ${seconds} s per case, 10 connections; ${FAXES_IN_ACCOUNT} faxes in the account`);
  for (const { name, rps, p99, failed } of summary)
    console.log(
      `${name.padEnd(16)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${p99.toFixed(1).padStart(6)} ms  ` +
        `${((rps / anchor) * 100).toFixed(1).padStart(5)}% of hello-world${failed ? `  (${failed} failed or non-2xx!)` : ''}`,
    );
}

if (process.argv.includes('--serve')) await serve();
else await run();
