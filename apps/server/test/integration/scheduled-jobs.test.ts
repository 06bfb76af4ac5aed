import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/client';
import { defineJob } from '../../src/job-deps';
import { startQueue, type Queue } from '../../src/platform/queue/queue';
import { createTestDatabase, testLogger, unreadSystemSettings } from '../support/test-database';
import { testConfig } from '../support/test-app';
import { documentKeysOf } from '../../src/faxes/fax-records';

// "Scheduled jobs run once per tick across all workers". Three workers on one database schedule the
// same job every minute; each minute's tick runs it once, whichever worker's clock noticed it.
let database: { url: string; drop: () => Promise<void> };
let handle: DatabaseHandle;
const workers: Queue[] = [];
const files = createEncryptedFileStore({ dir: path.join(os.tmpdir(), 'faxline-scheduled-jobs'), masterKey: randomBytes(32) });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, testLogger);
});
afterAll(async () => {
  for (const queue of workers) await queue.stop();
  await handle?.close();
  await database?.drop();
});

describe('a scheduled job with several workers', () => {
  it('runs once per minute, not once per worker', async () => {
    const runs: Array<{ worker: number; at: Date }> = [];
    const everyMinute = (worker: number) =>
      defineJob({
        name: 'test.every-minute',
        schema: z.object({}),
        cron: '* * * * *',
        handler: async () => void runs.push({ worker, at: new Date() }),
      });
    const deps = {
      db: handle.db,
      config: testConfig(),
      files,
      systemSettings: unreadSystemSettings(handle.db),
      faxFilesOf: documentKeysOf,
    };
    for (const worker of [1, 2, 3])
      workers.push(await startQueue({ url: database.url, jobs: [everyMinute(worker)], deps, work: true, logger: testLogger }));

    // pg-boss looks at the schedules every 30 s: two ticks take up to three minutes to be seen.
    const by = Date.now() + 180_000;
    const minutesSeen = () => new Set(runs.map((run) => Math.floor(run.at.getTime() / 60_000))).size;
    while (minutesSeen() < 2 && Date.now() < by) await delay(1_000);
    await delay(2_000); // a second run of the last minute, were there one, would have come by now

    const { rows } = await handle.pool.query<{ minute: string; n: number }>(
      `select date_trunc('minute', created_on)::text as minute, count(*)::int as n from pgboss.job
       where name = 'test.every-minute' group by 1 order by 1`,
    );
    expect(rows.length, JSON.stringify(rows)).toBeGreaterThanOrEqual(2);
    expect(
      rows.every((row) => row.n === 1),
      JSON.stringify(rows),
    ).toBe(true);
    expect(runs.length).toBe(rows.length);
  }, 240_000);
});
