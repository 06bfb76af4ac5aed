import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { defineJob, type WorkerJob } from '../../src/job-deps';
import { listenForNotifications, type DatabaseNotifications } from '../../src/platform/db/notifications';
import { startQueue } from '../../src/platform/queue/queue';
import { testLogger, unreadSystemSettings, useTestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-app';
import { documentKeysOf } from '../../src/faxes/fax-records';

// How many of one job a worker runs at once is set per job (JOB_CONCURRENCY), over its default.
const database = useTestDatabase();
const files = createEncryptedFileStore({ dir: path.join(os.tmpdir(), 'faxline-job-concurrency'), masterKey: randomBytes(32) });

/** A job whose runs wait until `together` of them run at once (or 1.5 s), recording the most seen at once. */
function gatheringJob(together: number, options: { name?: string; pollingIntervalSeconds?: number } = {}) {
  const seen = { running: 0, most: 0, done: 0 };
  const job = defineJob({
    name: options.name ?? 'test.gather',
    schema: z.object({ n: z.number() }),
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
    handler: async () => {
      seen.running += 1;
      seen.most = Math.max(seen.most, seen.running);
      const by = Date.now() + 1_500;
      while (seen.running < together && Date.now() < by) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen.running -= 1;
      seen.done += 1;
    },
  });
  return { job, seen };
}

async function runFour(env: Record<string, string>) {
  const { job, seen } = gatheringJob(4);
  const deps = {
    db: database.handle.db,
    config: testConfig(env),
    files,
    systemSettings: unreadSystemSettings(database.handle.db),
    faxFilesOf: documentKeysOf,
  };
  // Queued before any worker starts, so that every worker finds one at its first look.
  const sender = await startQueue({ url: database.url, jobs: [job], deps, work: false, logger: testLogger });
  for (let n = 0; n < 4; n += 1) await sender.send(job, { n });
  await sender.stop();
  const queue = await startQueue({ url: database.url, jobs: [job], deps, work: true, logger: testLogger });
  try {
    const by = Date.now() + 20_000;
    while (Date.now() < by) {
      const { rows } = await database.handle.pool.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'test.gather' and state = 'completed'`,
      );
      if (rows[0]!.n >= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return seen.most;
  } finally {
    await queue.stop();
    await database.handle.pool.query(`delete from pgboss.job where name = 'test.gather'`);
  }
}

/**
 * A worker process's queue and a sending process's for `job` (JOB_CONCURRENCY from `env`), the worker listening when
 * asked (and heard to listen, its slots having looked once), else hearing of nothing; all stopped and the job's rows
 * deleted after `run`.
 */
async function withQueues(
  job: WorkerJob,
  options: { env?: Record<string, string>; listening?: boolean },
  run: (sender: Awaited<ReturnType<typeof startQueue>>) => Promise<void>,
) {
  const deps = {
    db: database.handle.db,
    config: testConfig(options.env ?? {}),
    files,
    systemSettings: unreadSystemSettings(database.handle.db),
    faxFilesOf: documentKeysOf,
  };
  const notifications = options.listening ? listenForNotifications(database.url, testLogger) : undefined;
  const queue = await startQueue({ url: database.url, jobs: [job], deps, work: true, logger: testLogger, notifications });
  const sender = await startQueue({ url: database.url, jobs: [job], deps, work: false, logger: testLogger });
  try {
    if (notifications) await untilListening(notifications);
    else await new Promise((resolve) => setTimeout(resolve, 1_000));
    await run(sender);
  } finally {
    await sender.stop();
    await queue.stop();
    await notifications?.close();
    await database.handle.pool.query(`delete from pgboss.job where name = $1`, [job.name]);
  }
}

/** Resolves once the listening connection hears this database (its LISTENs are then in place), and the slots have looked. */
async function untilListening(notifications: DatabaseNotifications) {
  let heard = false;
  const stop = notifications.subscribe('test_probe', () => (heard = true));
  while (!heard) {
    await database.handle.pool.query(`SELECT pg_notify('test_probe', '')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Waits up to `ms` for `done`; returns when it was, or 0. */
async function until(done: () => boolean, ms: number): Promise<number> {
  const by = Date.now() + ms;
  while (!done() && Date.now() < by) await new Promise((resolve) => setTimeout(resolve, 20));
  return done() ? Date.now() : 0;
}

describe('work nobody announced', () => {
  it('is found by the scout within seconds, and a backlog wakes as many idle slots as it has jobs', async () => {
    const { job, seen } = gatheringJob(4);
    // The workers start first and have looked once; they hear no announcement: only the scout (every 2 s) can find the
    // jobs below before the slots' own look, 30 s later.
    await withQueues(job, { env: { JOB_CONCURRENCY: 'test.gather=4' } }, async (sender) => {
      const sentAt = Date.now();
      for (let n = 0; n < 4; n += 1) await sender.send(job, { n });
      const doneAt = await until(() => seen.done >= 4, 20_000);
      expect(doneAt, 'all four done').toBeGreaterThan(0);
      expect(doneAt - sentAt, 'well before the slots would have looked by themselves').toBeLessThan(15_000);
      expect(seen.most, 'the four ran together: the scout woke four slots').toBe(4);
    });
  }, 60_000);

  it('in a backlog is worked through without a wait between jobs once the scout has seen it', async () => {
    const ran: number[] = [];
    const job = defineJob({
      name: 'test.backlog',
      schema: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        ran.push(n);
      },
    });
    // Twenty jobs for two slots. A slot looks again after a job only when a job is known to wait: without the backlog
    // the scout saw, each of its looks (every 2 s) would start two of them, and the twenty would take 20 s.
    await withQueues(job, { env: { JOB_CONCURRENCY: 'test.backlog=2' } }, async (sender) => {
      const sentAt = Date.now();
      for (let n = 0; n < 20; n += 1) await sender.send(job, { n });
      const doneAt = await until(() => ran.length >= 20, 30_000);
      expect(ran, 'all twenty ran').toHaveLength(20);
      expect(doneAt - sentAt, 'one scout round or two, then one job after another').toBeLessThan(8_000);
    });
  }, 60_000);
});

describe('announced work', () => {
  it('wakes a slot for each job when one transaction queues several of one queue', async () => {
    const { job, seen } = gatheringJob(3, { name: 'test.announced', pollingIntervalSeconds: 30 });
    // The scout looks at this queue only every 30 s, and so do its slots: within the test, only announcements wake them.
    await withQueues(job, { env: { JOB_CONCURRENCY: 'test.announced=3' }, listening: true }, async (sender) => {
      const client = await database.handle.pool.connect();
      try {
        // PostgreSQL delivers a payload once per transaction: each announcement names its job, so none is folded.
        await client.query('BEGIN');
        for (let n = 0; n < 3; n += 1) await sender.send(job, { n }, { transaction: client });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      expect(
        await until(() => seen.done >= 3, 10_000),
        'all three ran within 10 s, long before a slot or the scout would look',
      ).toBeGreaterThan(0);
      expect(seen.most, 'the three ran together: each announcement woke a slot').toBe(3);
    });
  }, 60_000);

  it('runs a job queued to start later when it is due, from its announcement', async () => {
    let ranAt = 0;
    const job = defineJob({
      name: 'test.later',
      schema: z.object({}),
      pollingIntervalSeconds: 30,
      handler: async () => {
        ranAt = Date.now();
      },
    });
    await withQueues(job, { listening: true }, async (sender) => {
      const due = Date.now() + 1_500;
      await sender.send(job, {}, { startAfter: new Date(due) });
      await until(() => ranAt > 0, 11_500);
      expect(ranAt, 'ran within 10 s of its time, long before a slot or the scout would look').toBeGreaterThan(0);
      expect(ranAt).toBeGreaterThanOrEqual(due);
    });
  }, 60_000);
});

describe('JOB_CONCURRENCY', () => {
  it("runs as many of a job at once as it says, and the job's own default (one) without it", async () => {
    expect(await runFour({ JOB_CONCURRENCY: 'test.gather=4' })).toBe(4);
    expect(await runFour({})).toBe(1);
  }, 60_000);

  it('refuses to start a queue for a job that does not exist', async () => {
    const { job } = gatheringJob(1);
    await expect(
      startQueue({
        url: database.url,
        jobs: [job],
        deps: {
          db: database.handle.db,
          config: testConfig({ JOB_CONCURRENCY: 'faxes.transmitt=4' }),
          files,
          systemSettings: unreadSystemSettings(database.handle.db),
          faxFilesOf: documentKeysOf,
        },
        work: true,
        logger: testLogger,
      }),
    ).rejects.toThrow(/JOB_CONCURRENCY names faxes.transmitt, which is no job/);
  });
});

describe('several queues in one process', () => {
  it('lets each end a job by itself, not only the first one made (the endings are patched once per process)', async () => {
    const { job } = gatheringJob(1);
    const deps = {
      db: database.handle.db,
      config: testConfig(),
      files,
      systemSettings: unreadSystemSettings(database.handle.db),
      faxFilesOf: documentKeysOf,
    };
    for (let round = 1; round <= 2; round += 1) {
      const queue = await startQueue({ url: database.url, jobs: [job], deps, work: false, logger: testLogger });
      try {
        await queue.send(job, { n: round });
        const [fetched] = await queue.boss.fetch(job.name);
        await queue.boss.complete(job.name, fetched!.id);
        const { rows } = await database.handle.pool.query<{ state: string }>(`select state from pgboss.job where id = $1`, [fetched!.id]);
        expect(rows[0]?.state, `round ${round}`).toBe('completed');
      } finally {
        await queue.stop();
      }
    }
  });
});

describe("a job's locks", () => {
  it('are all freed when its run ends, well or by throwing: its key and the named locks it still held', async () => {
    let runs = 0;
    const job = defineJob({
      name: 'test.locks',
      schema: z.object({ fail: z.boolean() }),
      queue: { retryLimit: 0 },
      exclusiveKey: ({ fail }) => `test.locks:${fail}`,
      handler: async ({ fail }, run) => {
        expect(await run.holdLock!('test.locks:slot')).toBe(true);
        runs += 1;
        if (fail) throw new Error('this run fails while holding its locks');
      },
    });
    const advisoryLocks = async () =>
      (
        await database.handle.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
        )
      ).rows[0]!.n;
    await withQueues(job, { listening: true }, async (sender) => {
      await sender.send(job, { fail: false });
      await sender.send(job, { fail: true });
      expect(await until(() => runs === 2, 15_000)).toBeGreaterThan(0);
      await expect.poll(advisoryLocks, { timeout: 5_000 }).toBe(0);
    });
  });
});
