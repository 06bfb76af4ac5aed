import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { verifications as verification } from '../../src/auth/schema';
import { loadConfig } from '../../src/platform/config';
import {
  DataDirInUseError,
  DataDirUnusableError,
  socketDirFor,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/platform/db/embedded-postgres';
import { startServer, type RunningServer } from '../../src/server';
import { testLogger } from '../support/test-database';

// The embedded default as `npm start` runs it, against real folders and processes.
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-embedded-'));
await fs.chmod(root, 0o755);
const started: RunningServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
  await fs.rm(root, { recursive: true, force: true });
});

function configFor(env: Record<string, string>) {
  return loadConfig({ PORT: '0', SMTP_INGRESS_PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: path.join(root, 'no-web'), ...env });
}

async function start(env: Record<string, string>, role: 'all' | 'api' | 'worker' = 'all') {
  const server = await startServer(configFor(env), testLogger, role);
  started.push(server);
  return server;
}

async function readyStatus(server: RunningServer) {
  return (await fetch(`${server.url}/readyz`)).status;
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('embedded PostgreSQL', () => {
  const dataDir = path.join(root, 'data');
  const token = randomUUID();
  let first: RunningServer;

  it('starts its own database in DATA_DIR/pg and is ready', async () => {
    first = await start({ DATA_DIR: dataDir });
    expect(first.embedded).toBeDefined();
    await expect(fs.stat(path.join(dataDir, 'pg', 'PG_VERSION'))).resolves.toBeTruthy();
    // A folder PostgreSQL's user can reach keeps the cluster in place, as earlier versions made it.
    expect((await fs.lstat(path.join(dataDir, 'pg'))).isDirectory()).toBe(true);
    expect(await readyStatus(first)).toBe(200);
    await first.database.db
      .insert(verification)
      .values({ id: token, identifier: 'restart-check', value: 'v', expiresAt: new Date(Date.now() + 86_400_000) });
  });

  it("takes every connection of the server over the Unix socket in the cluster's folder, none over TCP (decision 143)", async () => {
    const url = new URL(first.databaseUrl);
    const cluster = path.join(dataDir, 'pg');
    expect(url.searchParams.get('host')).toBe(cluster);
    expect((await fs.stat(path.join(cluster, `.s.PGSQL.${url.port}`))).isSocket()).toBe(true);
    const client = new pg.Client({ connectionString: first.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ application_name: string; client_addr: string | null }>(
        "SELECT application_name, client_addr FROM pg_stat_activity WHERE datname = 'faxline' AND pid <> pg_backend_pid()",
      );
      // The requests' pool, the queue's, and the change notices' listener, at least.
      expect(rows.map((row) => row.application_name)).toEqual(expect.arrayContaining(['faxline', 'faxline-queue', 'faxline-listen']));
      expect(rows.filter((row) => row.client_addr !== null)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('is reached over loopback TCP when the folder is too deep for a socket address', async () => {
    const deep = path.join(root, 'a-folder-named-at-length-'.padEnd(90, 'x'), 'pg');
    expect(socketDirFor(deep, 65_535)).toBeNull();
    const cluster = await startEmbeddedPostgres({ dataDir: deep, logger: testLogger });
    try {
      expect(new URL(cluster.url).searchParams.has('host')).toBe(false);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ from: string }>('SELECT host(inet_client_addr()) AS from');
        expect(rows).toEqual([{ from: '127.0.0.1' }]);
      } finally {
        await client.end();
      }
    } finally {
      await cluster.stop();
    }
  }, 120_000);

  it('refuses a second server on the same data folder with a clear message', async () => {
    const attempt = start({ DATA_DIR: dataDir });
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(/is in use by another PostgreSQL \(pid \d+\)/);
    expect(await readyStatus(first)).toBe(200);
  });

  it("lets a second server use the first one's database through DATABASE_URL alone", async () => {
    const second = await start({ DATA_DIR: path.join(root, 'unused'), DATABASE_URL: first.databaseUrl }, 'api');
    expect(second.embedded).toBeUndefined();
    expect(await readyStatus(second)).toBe(200);
    const rows = await second.database.db.select().from(verification).where(eq(verification.id, token));
    expect(rows).toHaveLength(1);
    await second.stop();
    await expect(fs.stat(path.join(root, 'unused', 'pg'))).rejects.toThrow();
  });

  it('stops its PostgreSQL with the server and keeps the data for the next start', async () => {
    const pid = first.embedded!.pid;
    await first.stop();
    expect(isRunning(pid)).toBe(false);

    const again = await start({ DATA_DIR: dataDir });
    const rows = await again.database.db.select().from(verification).where(eq(verification.id, token));
    expect(rows).toHaveLength(1);
    first = again;
  });

  it('turns /readyz to 503 when the database goes away', async () => {
    await first.embedded!.stop();
    expect(await readyStatus(first)).toBe(503);
    const body = (await (await fetch(`${first.url}/readyz`)).json()) as { checks: { database: string } };
    expect(body.checks.database).toBe('down');
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });
});

// A clone in root's home: a folder only root may enter holds DATA_DIR and PostgreSQL's programs, while PostgreSQL runs
// as the postgres user. The system folder stands in for /var/lib/faxline.
describe('embedded PostgreSQL in a folder closed to other users, as /root is', async () => {
  const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-closed-'));
  const systemDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-system-'));
  await fs.chmod(systemDir, 0o755);
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const postgresDir = path.join(closed, 'node_modules', 'postgres');
  await fs.cp(path.dirname(path.dirname(postgres)), postgresDir, { recursive: true, verbatimSymlinks: true });
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  const clusters: EmbeddedPostgres[] = [];
  afterAll(async () => {
    for (const cluster of clusters) await cluster.stop();
    await fs.rm(closed, { recursive: true, force: true });
    await fs.rm(systemDir, { recursive: true, force: true });
  });

  async function startIn(dataDir: string, system = systemDir) {
    const cluster = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), logger, systemDir: system, postgresDir });
    clusters.push(cluster);
    return cluster;
  }

  async function query(url: string, sql: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }

  it('is closed like /root: owned by root, mode 700', async () => {
    const stat = await fs.stat(closed);
    expect(stat.mode & 0o777).toBe(0o700);
    expect(stat.uid).toBe(process.getuid!());
  });

  if (process.getuid?.() === 0) {
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    // Copying the programs (60 MB) and two cluster starts, on a shared machine.
    const SLOW = 180_000;

    it(
      'starts, answers, stops and starts again with the same data, kept where the postgres user can reach it',
      async () => {
        const dataDir = path.join(closed, 'data');
        const first = await startIn(dataDir);
        const note = randomUUID();
        await query(first.url, 'CREATE TABLE kept (note text)');
        await query(first.url, 'INSERT INTO kept VALUES ($1)', [note]);

        // DATA_DIR/pg links to a cluster folder named for this DATA_DIR, owned by postgres and closed to others.
        const cluster = await fs.readlink(path.join(dataDir, 'pg'));
        expect(path.dirname(cluster)).toBe(path.join(systemDir, 'clusters'));
        const clusterStat = await fs.stat(cluster);
        expect(clusterStat.uid).toBe(postgresUid);
        expect(clusterStat.mode & 0o777).toBe(0o700);
        expect(await fs.readFile(`${cluster}.data-dir`, 'utf8')).toBe(`${await fs.realpath(dataDir)}\n`);
        // The programs run from one root-owned copy; the closed folder was not opened.
        const copies = (await fs.readdir(systemDir)).filter((name) => name.startsWith('postgres-'));
        expect(copies).toHaveLength(1);
        expect((await fs.stat(path.join(systemDir, copies[0]!, 'bin', 'postgres'))).uid).toBe(0);
        expect((await fs.stat(closed)).mode & 0o777).toBe(0o700);
        // One line says where the data lives and why.
        const placed = logLines.filter((line) => line.includes('the database lives in'));
        expect(placed).toHaveLength(1);
        expect(placed[0]).toContain(`which cannot enter ${closed}: the database lives in ${cluster}`);

        const pid = first.pid;
        await first.stop();
        expect(isRunning(pid)).toBe(false);

        const again = await startIn(dataDir);
        expect(await fs.readlink(path.join(dataDir, 'pg'))).toBe(cluster);
        expect(await query(again.url, 'SELECT note FROM kept')).toEqual([{ note }]);
        expect((await fs.readdir(systemDir)).filter((name) => name.startsWith('postgres-'))).toEqual(copies);
        await again.stop();
      },
      SLOW,
    );

    it(
      'replaces the empty DATA_DIR/pg that a start failing there left behind',
      async () => {
        const dataDir = path.join(closed, 'tried-before');
        await fs.mkdir(path.join(dataDir, 'pg'), { recursive: true, mode: 0o700 });
        await fs.chown(path.join(dataDir, 'pg'), postgresUid, postgresUid);
        const cluster = await startIn(dataDir);
        expect(await query(cluster.url, 'SELECT 1 AS answer')).toEqual([{ answer: 1 }]);
        expect((await fs.lstat(path.join(dataDir, 'pg'))).isSymbolicLink()).toBe(true);
        await cluster.stop();
      },
      SLOW,
    );

    it(
      'keeps aside, never reuses, the database of a DATA_DIR that was deleted and made again at the same path',
      async () => {
        const dataDir = path.join(closed, 'deleted');
        const first = await startIn(dataDir);
        await query(first.url, 'CREATE TABLE earlier (note text)');
        await first.stop();
        const cluster = await fs.readlink(path.join(dataDir, 'pg'));
        await fs.rm(dataDir, { recursive: true });

        const fresh = await startIn(dataDir);
        expect(await fs.readlink(path.join(dataDir, 'pg'))).toBe(cluster);
        expect(await query(fresh.url, "SELECT to_regclass('earlier') AS found")).toEqual([{ found: null }]);
        const aside = (await fs.readdir(path.dirname(cluster))).filter((name) => name.startsWith(`${path.basename(cluster)}-orphaned-`));
        expect(aside).toEqual([expect.any(String), expect.any(String)]); // the folder and its .data-dir note
        await expect(
          fs.stat(
            path.join(
              path.dirname(cluster),
              aside.find((name) => !name.endsWith('.data-dir'))!,
              'PG_VERSION',
            ),
          ),
        ).resolves.toBeTruthy();
        expect(logLines.some((line) => line.includes('that nothing links to any more was moved to'))).toBe(true);
        await fresh.stop();
      },
      SLOW,
    );

    it('stops with one line saying why and what to do when the postgres user cannot reach the system folder either', async () => {
      const dataDir = path.join(closed, 'nowhere');
      const attempt = startIn(dataDir, path.join(closed, 'system'));
      await expect(attempt).rejects.toBeInstanceOf(DataDirUnusableError);
      const message = (await attempt.catch((error: Error) => error)) as Error;
      expect(message.message).not.toContain('\n');
      expect(message.message).toContain(`the postgres user, which cannot enter ${closed}`);
      expect(message.message).toMatch(/set DATA_DIR to a folder the postgres user can enter .*, or set DATABASE_URL/);
      await expect(fs.lstat(path.join(dataDir, 'pg'))).rejects.toThrow();
    });
  } else {
    it('stops with one line saying why and what to do when this user cannot write DATA_DIR', async () => {
      const readOnly = path.join(closed, 'read-only');
      await fs.mkdir(readOnly, { mode: 0o500 });
      const attempt = startIn(path.join(readOnly, 'data'));
      await expect(attempt).rejects.toBeInstanceOf(DataDirUnusableError);
      const message = (await attempt.catch((error: Error) => error)) as Error;
      expect(message.message).not.toContain('\n');
      expect(message.message).toMatch(/cannot write its data folder .*: set DATA_DIR to a folder this user can write, or set DATABASE_URL/);
    });
  }
});
