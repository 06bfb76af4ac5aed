// The processes a bench starts (a bare Fastify hello-world, a Faxline server on a temporary data folder) and their end:
// whatever a bench started is stopped when it finishes, fails or is interrupted (Ctrl-C), and nothing else is touched.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isAlive } from '../../apps/server/src/platform/db/embedded-postgres';
import { faxlineBuild, freePort, startFaxline as startFaxlineProcess, startProcess, tempDataDir } from '../../test-support/faxline-process';

export { freePort };
export const DEFAULT_SERVER = faxlineBuild().server;

const cleanups: Array<{ what: string; run: () => Promise<void> }> = [];

/** Registers what must be undone at the end, undone in reverse order. */
export function onCleanup(what: string, run: () => Promise<void>): void {
  cleanups.push({ what, run });
}

async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const { what, run } = cleanups.pop()!;
    await run().catch((error: unknown) => process.stderr.write(`cleanup of ${what} failed: ${String(error)}\n`));
  }
}

/** Runs a bench: its processes and folders are removed at the end, on an error, and on Ctrl-C or SIGTERM. */
let interrupted = false;

export async function runBench(body: () => Promise<void>): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return; // a second Ctrl-C must not cut the cleanup short
      interrupted = true;
      process.stderr.write(`\n${signal}: stopping what the bench started...\n`);
      // Work cut short fails as its servers go away; nothing it throws may stop the cleanup half-way.
      process.on('uncaughtException', (error) => process.stderr.write(`(while stopping: ${error.message})\n`));
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    await body();
  } catch (error) {
    // After Ctrl-C the work in progress fails as its servers go away: that is the stop, not a failure to report.
    if (interrupted) return;
    process.stderr.write(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    if (!interrupted) {
      process.stdout.write('\nstopping what the bench started (the server drains and stops its PostgreSQL)...\n');
      await cleanUp();
    }
  }
}

/** `--server <main.js>` (default: the root build), plus the bench's own options, given as name -> default value. */
export function readArgs<TName extends string>(defaults: Record<TName, string>): Record<TName, string> & { server: string } {
  const options: Record<string, { type: 'string'; default: string }> = { server: { type: 'string', default: DEFAULT_SERVER } };
  for (const [name, value] of Object.entries<string>(defaults)) options[name] = { type: 'string', default: value };
  const { values } = parseArgs({ options, strict: true });
  const server = path.resolve(String(values.server));
  if (!existsSync(server)) throw new Error(`No server build at ${server}: build one, or pass --server <path to main.js>.`);
  return { ...(values as Record<TName, string>), server };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type HelloWorld = { url: string };

/** The anchor: a bare Fastify hello-world in a process of its own. */
export async function startHelloWorld(): Promise<HelloWorld> {
  const script = fileURLToPath(new URL('./hello-world.ts', import.meta.url));
  const hello = startProcess(process.execPath, ['--import', 'tsx', script], { name: 'the hello-world server', keepOutput: 20_000 });
  onCleanup('the hello-world server', () => hello.stop(5_000));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const port = Number(hello.output().split('\n')[0]);
    if (hello.output().includes('\n') && port > 0) return { url: `http://127.0.0.1:${port}` };
    if (hello.child.exitCode !== null) break;
    await delay(50);
  }
  throw new Error(`The hello-world server did not start:\n${hello.output()}`);
}

/** What every Faxline process of a bench runs with (its workers' too). */
const BENCH_ENV = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'false',
  EMAIL_CONFIRMATION: 'false',
  // The highest factor the configuration takes: one bench client is many people here.
  RATE_LIMIT_FACTOR: '10000',
  FAX_CLOCK_SCALE: '0.001',
};

/** This shell's environment without what would point a bench's Faxline at another installation's database or keys. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'AUTH_SECRET', 'FILES_MASTER_KEY']) delete inherited[name];
  return inherited;
}

export type Faxline = {
  url: string;
  dataDir: string;
  /** The embedded PostgreSQL that the server started in its data folder. */
  databaseUrl: () => Promise<string>;
  output: () => string;
};

/**
 * A Faxline server from a build (`node main.js`) on a temporary data folder (its own embedded PostgreSQL), loopback
 * only, API only, logs at warn, no demo data, no e-mail confirmation, limits scaled up so that the bench measures the
 * work and not the per-address limits. `role` is its `--role` (default `all`: the API with a worker process of its
 * own; `api`: no worker, the jobs wait for workers started with startFaxlineWorker).
 */
export async function startFaxline(server: string, env: Record<string, string> = {}, role: 'all' | 'api' = 'all'): Promise<Faxline> {
  const dataDir = await tempDataDir('faxline-bench-');
  onCleanup(`the data folder ${dataDir}`, async () => {
    // The server may keep the cluster elsewhere, linked from DATA_DIR/pg (where the postgres user cannot enter DATA_DIR).
    const cluster = await fs.realpath(path.join(dataDir, 'pg')).catch(() => undefined);
    if (cluster && !cluster.startsWith(`${await fs.realpath(dataDir)}${path.sep}`)) {
      await fs.rm(cluster, { recursive: true, force: true });
      await fs.rm(`${cluster}.data-dir`, { force: true });
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const port = await freePort();
  const faxline = startFaxlineProcess({
    name: 'the Faxline server',
    server,
    role,
    port,
    host: '127.0.0.1',
    cwd: dataDir,
    inheritEnv: false,
    env: { ...inheritedEnv(), ...BENCH_ENV, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, WEB_DIST_DIR: '', ...env },
    keepOutput: 20_000,
  });
  onCleanup('the Faxline server and its PostgreSQL', async () => {
    await faxline.stop(40_000);
    await stopLeftoverPostgres(path.join(dataDir, 'pg'));
  });
  await faxline.untilReady(240_000);
  const url = faxline.url!;
  const output = faxline.output;
  return { url, dataDir, databaseUrl: () => embeddedDatabaseUrl(dataDir), output };
}

/** The embedded cluster's address: its port is line 4 of postmaster.pid, its password beside the cluster's folder. */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const pgDir = path.join(dataDir, 'pg');
  const port = (await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  const password = (await fs.readFile(`${pgDir}.password`, 'utf8')).trim();
  if (!port) throw new Error(`No port in ${pgDir}/postmaster.pid`);
  return `postgres://faxline:${encodeURIComponent(password)}@127.0.0.1:${port}/faxline`;
}

/** If the server died without stopping its PostgreSQL, stop that one (found by its own pid file, nothing broader). */
async function stopLeftoverPostgres(pgDir: string): Promise<void> {
  const pid = Number((await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await delay(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export type FaxlineWorker = { stop: () => Promise<void>; output: () => string };

/**
 * A job worker (`main.js --role=worker`) for a Faxline started with role `api`: its database (DATABASE_URL, the
 * embedded PostgreSQL the API process runs) and its data folder (the file store and its key), nothing else of its own.
 * Ready once it says it is running; stopped by `stop()` or at the end of the bench.
 */
export async function startFaxlineWorker(server: string, faxline: Faxline, env: Record<string, string> = {}): Promise<FaxlineWorker> {
  const worker = startFaxlineProcess({
    name: 'a Faxline worker',
    server,
    role: 'worker',
    cwd: faxline.dataDir,
    inheritEnv: false,
    env: {
      ...inheritedEnv(),
      ...BENCH_ENV,
      DATABASE_URL: await faxline.databaseUrl(),
      DATA_DIR: faxline.dataDir,
      PUBLIC_URL: faxline.url,
      SMTP_INGRESS_PORT: 'off',
      ...env,
      // The one line a worker says when it has started (the rest stays at warn).
      LOG_LEVEL: 'info',
    },
    keepOutput: 20_000,
  });
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= worker.stop(40_000));
  onCleanup('a Faxline worker', stop);
  // Watched as it is printed: queued jobs start at once, and their lines could push it out of the kept output.
  await worker.untilRunning(120_000);
  const output = worker.output;
  return { stop, output };
}
