import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { ConfigError } from '../config';
import type { Logger } from '../logger';
import { openPool } from '../db/client';
import type { DatabaseNotifications, SqlExecutor } from '../db/notifications';
import type { JobDefinition, Queue, QueueDeps } from './define-job';
import { hearEveryJobEnding, restoreEndingOf, setAsideEndingOf } from './job-endings';
import { splitRequestId, withCurrentRequestId, withRequestId } from '../request-context';

export type { Queue, SendOptions } from './define-job';

/** Channel on which every send announces its queue and job, so that an idle worker starts at once, not at its next poll. */
const JOBS_CHANNEL = 'faxline_jobs';
/**
 * How often a queue is looked at for work no wake-up announced (a retry that pg-boss scheduled, a cron job, a wake-up
 * missed while the notification connection was down), unless its job says otherwise: one query for all queues, the
 * scout's, which wakes as many idle slots as it found jobs ready.
 */
const IDLE_POLL_SECONDS = 2;
/**
 * Each slot's own look for work when nothing woke it, pg-boss's polling: only a last resort, since the scout, the
 * sends' announcements and the end of the slot's own job wake it. A slot per poll was 26 queries a second per idle
 * worker process (40 slots), most of an idle worker's cost to itself and to PostgreSQL (decision 097).
 */
const SLOT_POLL_SECONDS = 30;
/** A job whose exclusive key is held by a running job of the same key is tried again this much later. */
const EXCLUSIVE_RETRY_MS = 2_000;
/** Wake-ups for jobs due within this long are kept as timers in the listening processes. */
const TIMER_HORIZON_MS = 10 * 60_000;
/** How often workers look for exclusive jobs whose worker died, and how old such a job must be to be looked at. */
const ORPHAN_CHECK_MS = 5_000;
const ORPHAN_GRACE_SECONDS = 10;
/**
 * The share of SHUTDOWN_TIMEOUT_MS that a stopping worker gives its running jobs to finish before it hands them back:
 * the rest is for handing back and closing (and a worker started by an `all` process is given half the time).
 */
const FINISH_SHARE_OF_SHUTDOWN = 0.4;
/** How many times a job may lose its worker before each further loss counts as one of its tries. */
const MAX_WORKERS_LOST = 5;
/** Advisory-lock namespace of the queue's exclusive keys (any 32-bit number other code does not use). */
const EXCLUSIVE_LOCK_CLASS = 0x6a6f6273;
/** The class of the locks a run takes with `holdLock` (a destination's call slots, say). */
const NAMED_LOCK_CLASS = 0x6c6f636b;

/**
 * pg-boss on the application database. Every process creates the queues and can send; processes with the worker role
 * (`work: true`) run each job type's handlers `concurrency` at a time and its schedules.
 */
export async function startQueue<TDeps extends QueueDeps>(options: {
  url: string;
  jobs: readonly JobDefinition<z.ZodType, TDeps>[];
  /** What handlers get besides the queue itself, their logger and their lock (the jobs say what that is). */
  deps: NoInfer<TDeps>;
  work: boolean;
  logger: Logger;
  /** Wake-ups between processes; without it workers find new jobs by polling alone. */
  notifications?: DatabaseNotifications;
  /** Size of the queue's own connection pool. */
  poolSize?: number;
}): Promise<Queue> {
  const logger = options.logger.child({ component: 'queue' });
  const unknown = Object.keys(options.deps.config.jobConcurrency).filter((name) => !options.jobs.some((job) => job.name === name));
  if (unknown.length > 0)
    throw new ConfigError(
      `Invalid configuration: JOB_CONCURRENCY names ${unknown.join(', ')}, which is no job (jobs: ${options.jobs.map((job) => job.name).join(', ')}).`,
    );
  const api = {} as Queue;
  // pg-boss's statements go through a pool of ours, so that they are kept prepared as ours are (decision 138).
  const queuePool = openPool(
    { connectionString: options.url, max: options.poolSize ?? 4, application_name: 'faxline-queue' },
    logger,
    'queue connection lost',
  );
  const boss = new PgBoss({
    db: { executeSql: (text, values) => queuePool.query(text, values) },
    schema: 'pgboss',
    // Maintenance (expiring, archiving) and the cron clock run where jobs run: an API process only sends.
    supervise: options.work,
    schedule: options.work,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'queue error'));
  hearEveryJobEnding(logger);
  await boss
    .start()
    .then(() => announceEveryJob(queuePool))
    .catch(async (error: unknown) => {
      await queuePool.end();
      throw error;
    });

  const workers = new Map<string, WorkerSet>();
  /** The jobs this process is running now, by the pg-boss worker running each. */
  const running = new Map<string, { name: string; id: string }>();
  // Exclusive jobs hold a session advisory lock on a connection of their own while they run: if the process dies, the
  // connection closes and the lock is released with it, so a crashed run never blocks its retry.
  const exclusiveConcurrency = options.work
    ? options.jobs.reduce((sum, job) => sum + (job.exclusiveKey ? concurrencyOf(job, options.deps.config) : 0), 0)
    : 0;
  const lockPool =
    exclusiveConcurrency > 0
      ? openPool(
          { connectionString: options.url, max: exclusiveConcurrency, application_name: 'faxline-job-locks' },
          logger,
          'job lock connection lost',
        )
      : undefined;

  for (const job of options.jobs) {
    await boss.createQueue(job.name, { name: job.name, ...job.queue });
    // A queue made by an earlier version keeps its old settings unless told: make it follow the definition.
    if (job.queue) await boss.updateQueue(job.name, { name: job.name, ...job.queue });
    if (!options.work) continue;
    const set: WorkerSet = { ids: [], busy: new Set(), cursor: 0, owed: 0, backlog: false };
    workers.set(job.name, set);
    for (let i = 0; i < concurrencyOf(job, options.deps.config); i += 1) {
      let workerId = '';
      workerId = await boss.work<unknown>(
        job.name,
        { batchSize: 1, pollingIntervalSeconds: Math.max(SLOT_POLL_SECONDS, pollSecondsOf(job)) },
        async ([raw]) => {
          if (!raw) return;
          set.busy.add(workerId);
          running.set(workerId, { name: job.name, id: raw.id });
          try {
            await runJob(job, raw, workerId);
          } finally {
            set.busy.delete(workerId);
            running.delete(workerId);
            // pg-boss waits out the polling interval even after a job: look again now if a job is known to be waiting
            // (an announcement that found every slot busy, or a backlog the scout saw). A look after every job found
            // nothing most of the time: two empty fetches a fax under load.
            if (set.owed > 0 || set.backlog) {
              if (set.owed > 0) set.owed -= 1;
              boss.notifyWorker(workerId);
            }
          }
        },
      );
      set.ids.push(workerId);
    }
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }

  async function runJob(job: JobDefinition<z.ZodType, TDeps>, raw: PgBoss.Job<unknown>, workerId: string) {
    const { data, requestId } = splitRequestId(raw.data);
    // The jobs this one queues carry the same request id on.
    return withRequestId(requestId, () => runJobFor(job, raw.id, data, workerId, requestId));
  }

  async function runJobFor(
    job: JobDefinition<z.ZodType, TDeps>,
    jobId: string,
    data: unknown,
    workerId: string,
    requestId: string | undefined,
  ) {
    const log = logger.child({ job: job.name, jobId, ...(requestId ? { requestId } : {}) });
    const parsed = job.schema.safeParse(data);
    if (!parsed.success) {
      // A payload that does not match its schema can never succeed: fail it without retrying forever.
      log.error({ issues: parsed.error.issues }, 'job payload rejected');
      throw new Error(`Invalid payload for ${job.name}`);
    }
    const started = Date.now();
    const key = job.exclusiveKey?.(parsed.data);
    if (key === undefined || !lockPool) {
      await job.handler(parsed.data, { ...options.deps, queue: api, logger: log });
    } else {
      const client = await lockPool.connect();
      let locked = false;
      let unlockFailed: Error | undefined;
      try {
        const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
          EXCLUSIVE_LOCK_CLASS,
          key,
        ]);
        locked = result.rows[0]?.locked === true;
        if (!locked) {
          // The same key is being worked on right now (a slow run whose job expired, or the previous step still
          // finishing): come back shortly rather than run twice at once. The handler reads the state when it runs.
          log.info({ key, workerId }, 'exclusive key busy; job tried again shortly');
          await api.send(job, parsed.data, { startAfter: new Date(Date.now() + EXCLUSIVE_RETRY_MS) });
          return;
        }
        const held: string[] = [];
        const holdLock = async (name: string) => {
          const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
            NAMED_LOCK_CLASS,
            name,
          ]);
          if (rows[0]?.locked === true) held.push(name);
          return rows[0]?.locked === true;
        };
        const releaseLock = async (name: string) => {
          const at = held.indexOf(name);
          if (at === -1) return;
          held.splice(at, 1);
          await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [NAMED_LOCK_CLASS, name]);
        };
        await job.handler(parsed.data, { ...options.deps, queue: api, logger: log, holdLock, releaseLock });
      } finally {
        // The connection is this run's alone: one statement frees the key and every named lock still held. A connection
        // that could not free them is closed (its locks go with it) rather than handed to the next run.
        if (locked) await client.query('SELECT pg_advisory_unlock_all()').catch((error: Error) => (unlockFailed = error));
        client.release(unlockFailed);
      }
    }
    log.info({ ms: Date.now() - started }, 'job done');
  }

  /** Wakes `count` idle slots of the queue, or as many as are idle; returns how many it woke. */
  function wake(name: string, count = 1): number {
    const set = workers.get(name);
    if (!set || set.ids.length === 0) return 0;
    let woken = 0;
    for (let tried = 0; tried < set.ids.length && woken < count; tried += 1) {
      const id = set.ids[set.cursor % set.ids.length]!;
      set.cursor += 1;
      if (!set.busy.has(id)) {
        boss.notifyWorker(id);
        woken += 1;
      }
    }
    return woken;
  }

  /** A job of the queue is ready: an idle slot looks at once, or else the next slot to end its job looks again. */
  function announce(name: string) {
    const set = workers.get(name);
    if (set && wake(name) === 0) set.owed += 1;
  }

  /**
   * The scout: every queue due a look (each at its job's polling interval), in one query, and as many of its idle
   * slots woken as it has jobs ready to run. A queue's slots otherwise sleep until woken (SLOT_POLL_SECONDS). When more
   * are ready than it could wake, the queue has a backlog: its slots look again after each job until the scout finds
   * none left over.
   */
  const lastLooked = new Map<string, number>();
  let scouting = false;
  async function scout() {
    if (scouting) return;
    scouting = true;
    try {
      const now = Date.now();
      const due = options.jobs.filter(
        (job) => workers.has(job.name) && now - (lastLooked.get(job.name) ?? 0) >= pollSecondsOf(job) * 1000 - 50,
      );
      if (due.length === 0) return;
      for (const job of due) lastLooked.set(job.name, now);
      const { rows } = await boss.getDb().executeSql(
        `SELECT q.name, (SELECT count(*)::int FROM (SELECT 1 FROM pgboss.job j
           WHERE j.name = q.name AND j.state < 'active' AND j.start_after < now() LIMIT q.slots) AS ready) AS ready
         FROM unnest($1::text[], $2::int[]) AS q(name, slots)`,
        // One more than the slots: whether some are left over once every slot has one.
        [due.map((job) => job.name), due.map((job) => workers.get(job.name)!.ids.length + 1)],
      );
      for (const row of rows as { name: string; ready: number }[]) {
        const set = workers.get(row.name)!;
        const woken = row.ready > 0 ? wake(row.name, row.ready) : 0;
        set.backlog = row.ready > woken;
      }
    } catch (error) {
      logger.warn({ err: error }, 'could not look for waiting jobs');
    } finally {
      scouting = false;
    }
  }
  const scoutMs = Math.min(...options.jobs.map(pollSecondsOf)) * 1000;
  const scoutTimer = options.work && options.jobs.length > 0 ? setInterval(() => void scout(), scoutMs) : undefined;
  scoutTimer?.unref();

  /**
   * Puts an active job back in the queue, to be run at once by any worker, without counting a try (see reclaimOrphans);
   * false when it is not active any more, or has lost its worker MAX_WORKERS_LOST times already.
   */
  async function handBack(executor: SqlExecutor, job: { name: string; id: string }): Promise<boolean> {
    const { rowCount } = (await executor.query(
      `UPDATE pgboss.job SET state = 'retry', started_on = NULL, start_after = now(),
         output = jsonb_build_object('workersLost', coalesce((output->>'workersLost')::int, 0) + 1)
       WHERE name = $1 AND id = $2 AND state = 'active' AND coalesce((output->>'workersLost')::int, 0) < $3`,
      [job.name, job.id, MAX_WORKERS_LOST],
    )) as { rowCount?: number | null };
    return Boolean(rowCount);
  }

  /**
   * A job whose worker process died stays 'active' in pg-boss until its expiry (up to 45 minutes for a call). For
   * exclusive jobs we know better: a live run holds its key's lock, so an active job whose lock is free has lost its
   * worker, and is handed back to the queue at once. A worker that died is not the job's failure, so the hand-back
   * leaves the job's tries as they were (pg-boss counts a try when it fetches a job that has started before; clearing
   * `started_on` makes the next fetch a first one again), up to MAX_WORKERS_LOST times: a job that takes its worker down
   * with it every time (a poison pill) then uses up its tries like any failure.
   */
  async function reclaimOrphans() {
    const exclusive = options.jobs.filter((job) => job.exclusiveKey);
    if (!lockPool || exclusive.length === 0) return;
    const { rows } = await lockPool.query<{ id: string; name: string; data: unknown }>(
      `SELECT id, name, data FROM pgboss.job WHERE name = ANY($1) AND state = 'active' AND started_on < now() - make_interval(secs => $2)`,
      [exclusive.map((job) => job.name), ORPHAN_GRACE_SECONDS],
    );
    for (const row of rows) {
      const job = exclusive.find((candidate) => candidate.name === row.name)!;
      const parsed = job.schema.safeParse(splitRequestId(row.data).data);
      if (!parsed.success) continue;
      const key = job.exclusiveKey!(parsed.data);
      const client = await lockPool.connect();
      try {
        const { rows: got } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
          EXCLUSIVE_LOCK_CLASS,
          key,
        ]);
        if (!got[0]?.locked) continue;
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [EXCLUSIVE_LOCK_CLASS, key]);
        if (await handBack(client, row))
          logger.warn({ job: row.name, jobId: row.id, key }, 'job lost its worker; handed back to the queue');
        else {
          logger.warn({ job: row.name, jobId: row.id, key }, 'job lost its worker again; counted as a failed try');
          await boss.fail(row.name, row.id, { message: 'The worker running this job stopped' });
        }
        announce(row.name);
      } finally {
        client.release();
      }
    }
  }
  const reaper = lockPool
    ? setInterval(
        () => void reclaimOrphans().catch((error: unknown) => logger.warn({ err: error }, 'could not look for orphaned jobs')),
        ORPHAN_CHECK_MS,
      )
    : undefined;
  reaper?.unref();

  /**
   * At a stop, the jobs still running are given back to the queue for another worker to run at once, rather than
   * failed (which counts a try and waits the retry delay) or left 'active' until they expire. The handler may still
   * end here before the process exits; our steps are written to be run again (and an exclusive job's key stays locked
   * until this process's connection closes, so its next run waits for this one).
   */
  async function handBackUnfinished() {
    const executor: SqlExecutor = { query: (text, values) => boss.getDb().executeSql(text, values ?? []) };
    for (const job of running.values()) {
      // Set aside first: an ending pg-boss sends while the hand-back is under way must not end another worker's run.
      setAsideEndingOf(boss.getDb(), job.id);
      const given = await handBack(executor, job).catch((error: unknown) => {
        logger.warn({ err: error, job: job.name, jobId: job.id }, 'could not hand a running job back');
        return false;
      });
      if (given) {
        logger.info({ job: job.name, jobId: job.id }, 'job still running at stop; handed back to the queue');
      } else {
        // Ended meanwhile, or lost its worker too often: pg-boss ends it as for any run (a stop fails it: one try).
        restoreEndingOf(boss.getDb(), job.id);
      }
    }
  }

  const timers = new Set<NodeJS.Timeout>();
  const unsubscribe = options.work
    ? options.notifications?.subscribe(JOBS_CHANNEL, (payload) => {
        const [name, dueAt] = (payload.split('#')[0] ?? '').split('@');
        if (!name) return;
        const wait = dueAt ? Number(dueAt) - Date.now() : 0;
        if (!(wait > 0)) return announce(name);
        if (wait > TIMER_HORIZON_MS) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          announce(name);
        }, wait + 50);
        timer.unref();
        timers.add(timer);
      })
    : undefined;

  return Object.assign(api, {
    boss,
    send: async (job, data, sendOptions = {}) => {
      const { transaction, dedupeKey, ...rest } = sendOptions;
      const payload = withCurrentRequestId(job.schema.parse(data) as object);
      // The job's row announces itself (announceEveryJob), in the caller's transaction when there is one.
      return boss.send(job.name, payload, {
        ...rest,
        ...(dedupeKey ? { id: uuidFromKey(`${job.name}:${dedupeKey}`) } : {}),
        ...(transaction
          ? { db: { executeSql: (text: string, values: unknown[]) => transaction.query(text, values) as Promise<{ rows: [] }> } }
          : {}),
      });
    },
    ping: async () => {
      try {
        await boss.getQueue(options.jobs[0]?.name ?? '__none__');
        return true;
      } catch {
        return false;
      }
    },
    // Graceful: no job is taken any more; running ones may finish, and those still running then are handed back.
    stop: async () => {
      clearInterval(reaper);
      clearInterval(scoutTimer);
      unsubscribe?.();
      for (const timer of timers) clearTimeout(timer);
      for (const set of workers.values()) for (const id of set.ids) await boss.offWork({ id });
      const deadline = Date.now() + options.deps.config.shutdownTimeoutMs * FINISH_SHARE_OF_SHUTDOWN;
      while (running.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await handBackUnfinished();
      // Nothing left to wait for: what still runs was handed back, and pg-boss leaves it alone (setAsideEndingOf).
      await boss.stop({ graceful: false, wait: true });
      await lockPool?.end();
      await queuePool.end();
    },
  } satisfies Queue);
}

/** Serializes the processes that start at once over announceEveryJob's statements (any number no other lock uses). */
const ANNOUNCEMENT_SETUP_LOCK = 0x6a6f6261;

/**
 * Every job's row announces itself on JOBS_CHANNEL as it is inserted: `name#id`, or `name@due#id` for a job that starts
 * later (due in milliseconds since the epoch). A trigger rather than a NOTIFY after each send: one statement a job
 * fewer (four a fax), and the announcement is in the job's own transaction whoever inserts it. The job's id makes each
 * its own: PostgreSQL delivers the same payload once per transaction, and a transaction that queues several jobs of one
 * queue (the event relay's batch) must wake a slot for each. pg-boss's job table is partitioned by queue: a row trigger
 * on it is cloned to every partition, those pg-boss attaches later too. Looked for at every start, since pg-boss may
 * make its tables again when it upgrades them.
 */
async function announceEveryJob(pool: { query: (text: string) => Promise<unknown> }) {
  // One text: its statements run as one transaction, which an error rolls back whole.
  await pool.query(`
    SELECT pg_advisory_xact_lock(${ANNOUNCEMENT_SETUP_LOCK});
    CREATE OR REPLACE FUNCTION faxline_announce_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${JOBS_CHANNEL}', NEW.name
        || CASE WHEN NEW.start_after > now() THEN '@' || floor(extract(epoch FROM NEW.start_after) * 1000)::bigint ELSE '' END
        || '#' || NEW.id);
      RETURN NULL;
    END $$;
    DO $$ BEGIN
      -- Made once: making it again would lock every queue's table at each start.
      IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'faxline_announce_job' AND tgrelid = 'pgboss.job'::regclass) THEN
        CREATE TRIGGER faxline_announce_job AFTER INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION faxline_announce_job();
      END IF;
    END $$;`);
}

/**
 * A queue's slots in this process: the pg-boss workers, those running a job, the looks owed to announcements that found
 * every slot busy, and whether the scout last saw more jobs ready than it could wake.
 */
type WorkerSet = { ids: string[]; busy: Set<string>; cursor: number; owed: number; backlog: boolean };

/** How often the scout looks at the job's queue for work nobody announced. */
function pollSecondsOf(job: Pick<JobDefinition, 'pollingIntervalSeconds'>): number {
  return job.pollingIntervalSeconds ?? IDLE_POLL_SECONDS;
}

/** How many of the job one worker process runs at once: JOB_CONCURRENCY's word for it, else the job's own. */
function concurrencyOf(job: Pick<JobDefinition, 'name' | 'concurrency'>, config: QueueDeps['config']): number {
  return Math.max(1, Math.floor(config.jobConcurrency[job.name] ?? job.concurrency?.(config) ?? 1));
}

/** A stable UUID for a key (name-based, as in RFC 9562 version 5), so that the same key always names the same job. */
export function uuidFromKey(key: string): string {
  const bytes = createHash('sha1').update(`faxline-job:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
