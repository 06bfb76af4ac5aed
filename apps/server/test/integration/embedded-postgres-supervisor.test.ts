import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/platform/db/embedded-postgres';
import { superviseEmbeddedPostgres, type SupervisedPostgres } from '../../src/platform/db/embedded-postgres-supervisor';
import { testLogger } from '../support/test-database';

// The supervisor of the embedded PostgreSQL (decision 065) on a real cluster of its own: killed, it is started again on
// the same address; when it cannot be started again, the supervisor gives up after its tries (the server's /healthz
// then answers 503, health.test.ts); stopped on purpose, it stays stopped. The pauses are shortened here; the
// server's are RESTART_DELAYS_MS.

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TRIES = [0, 50, 50];

let root: string;
let clusterDir: string;
let postgres: EmbeddedPostgres;
let supervised: SupervisedPostgres;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-pg-supervisor-'));
  await fs.chmod(root, 0o755); // PostgreSQL runs as its own user and must reach its folder
  clusterDir = path.join(root, 'pg');
  postgres = await startEmbeddedPostgres({ dataDir: clusterDir, logger: testLogger });
  supervised = superviseEmbeddedPostgres(postgres, { logger: testLogger, restartDelaysMs: TRIES });
}, 120_000);

afterAll(async () => {
  await fs.chmod(clusterDir, 0o700).catch(() => undefined);
  await supervised?.stop();
  await fs.rm(root, { recursive: true, force: true });
}, 60_000);

async function until(what: string, done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms (supervisor: ${supervised.state()})`);
    await delay(20);
  }
}

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL under supervision', () => {
  it('is started again after kill -9 of its postmaster, at the same address, and keeps its data', async () => {
    const before = new pg.Client({ connectionString: supervised.url });
    await before.connect();
    await before.query('create table kept (id int primary key); insert into kept values (1)');
    await before.end();
    const killed = supervised.pid;
    process.kill(killed, 'SIGKILL');
    await until('recovering', () => supervised.state() === 'recovering', 10_000);
    await until('running again', () => supervised.state() === 'running' && supervised.pid !== killed);

    const client = new pg.Client({ connectionString: supervised.url });
    await client.connect();
    const { rows } = await client.query<{ id: number }>('select id from kept');
    await client.end();
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('gives up after its tries when PostgreSQL cannot be started again', async () => {
    // PostgreSQL refuses a data folder that others may read: each start fails at once.
    await fs.chmod(clusterDir, 0o777);
    process.kill(supervised.pid, 'SIGKILL');
    await until('given up', () => supervised.state() === 'gave-up');
    await expect(answers(supervised.url)).rejects.toThrow();
  });

  it('stays stopped when stopped on purpose', async () => {
    await fs.chmod(clusterDir, 0o700);
    const second = superviseEmbeddedPostgres(await startAgain(postgres), { logger: testLogger, restartDelaysMs: TRIES });
    expect(await answers(second.url)).toBe(1);
    await second.stop();
    await delay(500);
    expect(second.state()).toBe('stopped');
    await expect(answers(second.url)).rejects.toThrow();
  });
});

/** The cluster the supervisor gave up on, started by hand once its folder is right again. */
async function startAgain(cluster: EmbeddedPostgres): Promise<EmbeddedPostgres> {
  await cluster.restart();
  return cluster;
}
