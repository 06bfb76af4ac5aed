import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { defineJob } from '../../src/job-deps';
import { startQueue } from '../../src/platform/queue/queue';
import { testLogger, unreadSystemSettings, useTestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-app';
import { documentKeysOf } from '../../src/faxes/fax-records';

// "Graceful stop finishes or hands back running jobs". A worker told to stop takes no new job, lets
// a short running job finish, and hands a long one back to the queue (not failed, no try counted), where another
// worker takes it at once; the stopped worker's late ending does not touch the other's run.
const database = useTestDatabase();
const files = createEncryptedFileStore({ dir: path.join(os.tmpdir(), 'faxline-graceful-stop'), masterKey: randomBytes(32) });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Row = { id: string; state: string; retry_count: number; output: unknown; data: { ms: number } };
const rowsOf = async () =>
  (
    await database.handle.pool.query<Row>(
      `select id, state::text, retry_count, output, data from pgboss.job where name = 'test.slow' order by data->>'ms'`,
    )
  ).rows;

describe('a worker that stops', () => {
  it('lets a short job finish, hands a long one back to another worker without counting a try, and takes nothing new', async () => {
    // Each run records which worker ran it; a run lasts its payload's milliseconds.
    const runs: Array<{ worker: string; ms: number; ended: boolean }> = [];
    const slowJob = (worker: string) =>
      defineJob({
        name: 'test.slow',
        schema: z.object({ ms: z.number() }),
        queue: { retryLimit: 3, retryDelay: 60 },
        handler: async ({ ms }) => {
          const run = { worker, ms, ended: false };
          runs.push(run);
          await delay(ms);
          run.ended = true;
        },
      });
    // SHUTDOWN_TIMEOUT_MS 2 s: a stopping worker gives its running jobs 0.8 s.
    const deps = {
      db: database.handle.db,
      config: testConfig({ SHUTDOWN_TIMEOUT_MS: '2000', JOB_CONCURRENCY: 'test.slow=2' }),
      files,
      systemSettings: unreadSystemSettings(database.handle.db),
      faxFilesOf: documentKeysOf,
    };
    const first = await startQueue({ url: database.url, jobs: [slowJob('first')], deps, work: true, logger: testLogger });
    await first.send(slowJob('first'), { ms: 300 });
    await first.send(slowJob('first'), { ms: 5_000 });
    const by = Date.now() + 10_000;
    while (runs.length < 2 && Date.now() < by) await delay(20);
    expect(runs.map((run) => run.ms).sort((a, b) => a - b)).toEqual([300, 5_000]);

    await first.stop();
    const [shortRow, longRow] = await rowsOf();
    expect(shortRow).toMatchObject({ state: 'completed', retry_count: 0 });
    expect(runs.find((run) => run.ms === 300)).toMatchObject({ worker: 'first', ended: true });
    // Handed back: waiting to run again at once, with its tries untouched, not failed.
    expect(longRow).toMatchObject({ state: 'retry', retry_count: 0, output: { workersLost: 1 } });

    const second = await startQueue({ url: database.url, jobs: [slowJob('second')], deps, work: true, logger: testLogger });
    try {
      const until = Date.now() + 15_000;
      while (Date.now() < until && !runs.some((run) => run.worker === 'second' && run.ended)) await delay(50);
      expect(runs.filter((run) => run.worker === 'second').map((run) => run.ms)).toEqual([5_000]);
      // The first worker's own run of it ended too (its process lives on in this test), and left the job alone: it is
      // completed once, by the second worker's run, with no try counted.
      await delay(200);
      const [, again] = await rowsOf();
      expect(again).toMatchObject({ state: 'completed', retry_count: 0 });
      expect(runs.filter((run) => run.ms === 5_000).map((run) => run.worker)).toEqual(['first', 'second']);
    } finally {
      await second.stop();
      await database.handle.pool.query(`delete from pgboss.job where name = 'test.slow'`);
    }
  }, 60_000);
});
