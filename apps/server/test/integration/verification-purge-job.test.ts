import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredVerificationsJob } from '../../src/auth/jobs/purge-expired-verifications';
import { verifications as verification } from '../../src/auth/schema';
import { deleteExpiredVerifications } from '../../src/auth/verifications';
import { loadConfig } from '../../src/platform/config';
import { startServer, type RunningServer } from '../../src/server';
import { openTestEnvironment, testLogger } from '../support/test-database';

let env: Awaited<ReturnType<typeof openTestEnvironment>>;
let worker: RunningServer;

beforeAll(async () => {
  // This side only sends; a separate process-like server with the worker role runs the handlers, as at scale.
  env = await openTestEnvironment({ work: false });
  worker = await startServer(loadConfig({ DATABASE_URL: env.url }), testLogger, 'worker');
});
afterAll(async () => {
  await worker.stop();
  await env.close();
});

async function insertToken(expiresInMs: number) {
  const id = randomUUID();
  await env.database.db
    .insert(verification)
    .values({ id, identifier: `reset:${id}`, value: 'token', expiresAt: new Date(Date.now() + expiresInMs) });
  return id;
}

async function exists(id: string) {
  const rows = await env.database.db.select().from(verification).where(eq(verification.id, id));
  return rows.length === 1;
}

describe('purging expired verification tokens', () => {
  it('deletes expired tokens and keeps valid ones', async () => {
    const expired = await insertToken(-60_000);
    const valid = await insertToken(60 * 60_000);
    expect(await deleteExpiredVerifications(env.database.db)).toBe(1);
    expect(await exists(expired)).toBe(false);
    expect(await exists(valid)).toBe(true);
    // Running it again finds nothing left to do: the job is idempotent.
    expect(await deleteExpiredVerifications(env.database.db)).toBe(0);
  });

  it('runs as a pg-boss job in a worker-role server', async () => {
    const expired = await insertToken(-1_000);
    const jobId = await env.queue.send(purgeExpiredVerificationsJob, {});
    expect(jobId).toBeTruthy();
    await expect.poll(() => exists(expired), { timeout: 30_000, interval: 200 }).toBe(false);
    await expect
      .poll(async () => (await env.queue.boss.getJobById(purgeExpiredVerificationsJob.name, jobId!))?.state, { timeout: 10_000 })
      .toBe('completed');
  });

  it('gives the worker role no HTTP server', () => {
    expect(worker.url).toBeUndefined();
    expect(worker.app).toBeUndefined();
  });

  it('is scheduled hourly', async () => {
    const schedules = await env.queue.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([purgeExpiredVerificationsJob.name, '17 * * * *']);
  });

  it('refuses a payload that does not match its schema before it is queued', async () => {
    await expect(env.queue.send(purgeExpiredVerificationsJob, { unexpected: true } as never)).rejects.toThrow();
  });
});
