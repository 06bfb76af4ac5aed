import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifications as verification } from '../../src/auth/schema';
import { loadConfig } from '../../src/platform/config';
import { DataDirInUseError } from '../../src/platform/db/embedded-postgres';
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
  return loadConfig({ PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: path.join(root, 'no-web'), ...env });
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
    expect(await readyStatus(first)).toBe(200);
    await first.database.db
      .insert(verification)
      .values({ id: token, identifier: 'restart-check', value: 'v', expiresAt: new Date(Date.now() + 86_400_000) });
  });

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
