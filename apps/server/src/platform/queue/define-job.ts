import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { TConfig } from '../config';
import type { Logger } from '../logger';
import type { SqlExecutor } from '../db/notifications';

export type SendOptions = Omit<PgBoss.SendOptions, 'db' | 'id'> & {
  /** The open transaction to enqueue in: the job exists if and only if the transaction commits. */
  transaction?: SqlExecutor;
  /** Makes the send idempotent: a second send with the same key (while the first is kept) enqueues nothing. */
  dedupeKey?: string;
};

export type Queue = {
  /** Validates the payload against the job's schema, then enqueues it and wakes a worker; returns the job id. */
  send: <TSchema extends z.ZodType>(job: JobAddress<TSchema>, data: z.input<TSchema>, options?: SendOptions) => Promise<string | null>;
  ping: () => Promise<boolean>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

/**
 * What the queue gives a handler besides the parts the worker process gives it (`startQueue`'s `deps`: the
 * application decides what those are, in job-deps.ts beside jobs.ts, so that the queue knows no capability).
 */
export type JobRun = {
  queue: Queue;
  logger: Logger;
  /**
   * Jobs with an `exclusiveKey` only: takes a named lock for the rest of the run, if no other run holds it (false
   * then). It lives on the run's own lock connection, so a run whose process dies releases it with the connection.
   */
  holdLock?: (name: string) => Promise<boolean>;
  /** Gives back a lock taken with `holdLock` before the run ends, so that whoever waits for it can be told now. */
  releaseLock?: (name: string) => Promise<void>;
};

/** What the queue itself reads from the worker's parts: the configuration (each job's concurrency, the stop's time). */
export type QueueDeps = { config: TConfig };

/**
 * A job: a name, the zod schema of its payload, the queue's policy, an optional cron schedule, and its handler.
 * Handlers must be idempotent: a job may run twice when a worker dies mid-job (STYLE.md 11).
 */
export type JobDefinition<TSchema extends z.ZodType = z.ZodType, TDeps extends QueueDeps = QueueDeps> = {
  name: string;
  schema: TSchema;
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** Cron expression (UTC) for recurring jobs; the payload is then `{}`. */
  cron?: string;
  /** How often the queue is looked at for work that no wake-up announced (default 2 s; see the scout in queue.ts). */
  pollingIntervalSeconds?: number;
  /** How many of these jobs one worker process runs at once (default 1). */
  concurrency?: (config: TConfig) => number;
  /** Jobs with the same key never run at the same time, in any process (for example one fax's steps). */
  exclusiveKey?(data: z.infer<TSchema>): string;
  // Written as methods: a list of jobs with different payloads is a list of JobDefinition<z.ZodType>, whose payload
  // type only the queue's parsing with `schema` narrows.
  handler(data: z.infer<TSchema>, deps: TDeps & JobRun): Promise<void>;
};

/**
 * What sending a job needs of it: its name and its payload's schema. Jobs that queue each other (a try queues its
 * deadline, whose end queues the next try) name one another by this, so that no two job files import each other.
 */
export type JobAddress<TSchema extends z.ZodType = z.ZodType> = Pick<JobDefinition<TSchema>, 'name' | 'schema'>;
