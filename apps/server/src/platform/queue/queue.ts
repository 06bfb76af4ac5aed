import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Logger } from '../logger';
import type { JobDefinition, JobDeps } from './define-job';

export type Queue = {
  /** Validates the payload against the job's schema, then enqueues it; returns the job id. */
  send: <TSchema extends z.ZodType>(
    job: JobDefinition<TSchema>,
    data: z.input<TSchema>,
    options?: PgBoss.SendOptions,
  ) => Promise<string | null>;
  ping: () => Promise<boolean>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

/**
 * pg-boss on the application database. Every process creates the queues and can send; only processes with the
 * worker role (`work: true`) run handlers and schedules.
 */
export async function startQueue(options: {
  url: string;
  jobs: readonly JobDefinition[];
  /** What handlers get besides the queue itself and their logger. */
  deps: Omit<JobDeps, 'queue' | 'logger'>;
  work: boolean;
  logger: Logger;
}): Promise<Queue> {
  const logger = options.logger.child({ component: 'queue' });
  const api = {} as Queue;
  const boss = new PgBoss({ connectionString: options.url, schema: 'pgboss', max: 4, application_name: 'faxline-queue' });
  boss.on('error', (error) => logger.error({ err: error }, 'queue error'));
  await boss.start();

  for (const job of options.jobs) {
    await boss.createQueue(job.name, { name: job.name, ...job.queue });
    if (!options.work) continue;
    await boss.work<unknown>(job.name, { batchSize: 1, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 }, async ([raw]) => {
      if (!raw) return;
      const log = logger.child({ job: job.name, jobId: raw.id });
      const parsed = job.schema.safeParse(raw.data);
      if (!parsed.success) {
        // A payload that does not match its schema can never succeed: fail it without retrying forever.
        log.error({ issues: parsed.error.issues }, 'job payload rejected');
        throw new Error(`Invalid payload for ${job.name}`);
      }
      const started = Date.now();
      await job.handler(parsed.data, { ...options.deps, queue: api, logger: log });
      log.info({ ms: Date.now() - started }, 'job done');
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }

  return Object.assign(api, {
    boss,
    send: async (job, data, sendOptions) => boss.send(job.name, job.schema.parse(data) as object, sendOptions ?? {}),
    ping: async () => {
      try {
        await boss.getQueue(options.jobs[0]?.name ?? '__none__');
        return true;
      } catch {
        return false;
      }
    },
    // Graceful: running handlers finish (up to the timeout) before the connections close.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  } satisfies Queue);
}
