import { FAX_LINES, IN_FLIGHT_FAX_STATUSES } from '@faxline/shared';
import { and, count, gte, inArray, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { faxEvents } from '../events/schema';
import { faxAttempts, faxes } from '../faxes/schema';
import type { Database } from '../platform/db/client';

/** How far back the figures of what ended are taken (faxes, tries, jobs): a scrape every 15 s to a minute sees each. */
const RECENT = { hour: 60 * 60_000, jobs: 15 * 60_000 };

/**
 * The figures Prometheus scrapes from /metrics. Two kinds:
 * - this process's own: its HTTP requests (count and latency by route and status) and Node's process figures;
 * - the platform's, read from the database at each scrape, so that any API process answers them whichever process
 *   did the work (the workers serve no HTTP): the queue's depth and its jobs' outcomes and durations, the faxes on
 *   their way, the faxes that ended in the last hour, and the lines' tries in the last hour by result.
 * Each registry is the app's own: several apps in one process (the tests) do not mix their figures.
 */
export function createMetrics(db: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'faxline_' });

  const requests = new Counter({
    name: 'faxline_http_requests_total',
    help: 'HTTP requests answered by this process, by method, route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'faxline_http_request_duration_seconds',
    help: 'How long this process took to answer HTTP requests, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  /**
   * A gauge of the queue's jobs by job and state: those in `states` that `more` (made at each scrape) lets through,
   * pg-boss's own left out.
   */
  const jobsGauge = (name: string, help: string, states: string[], more = () => sql`true`) =>
    new Gauge({
      name,
      help,
      labelNames: ['job', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const { rows } = await db.execute<{ name: string; state: string; jobs: number }>(sql`
          select name, state::text as state, count(*)::int as jobs from pgboss.job
          where state::text in ${states} and name not like '\\_\\_%' and ${more()} group by name, state`);
        for (const row of rows) this.set({ job: row.name, state: row.state }, row.jobs);
      },
    });
  jobsGauge('faxline_queue_jobs', 'Jobs waiting (created, retry) or running (active) in the queue, by job.', [
    'created',
    'retry',
    'active',
  ]);
  jobsGauge(
    'faxline_jobs_finished_recently',
    'Jobs that ended in the last 15 minutes, by job and how (completed, failed, cancelled).',
    ['completed', 'failed', 'cancelled'],
    () => sql`completed_on >= ${new Date(Date.now() - RECENT.jobs).toISOString()}`,
  );

  new Gauge({
    name: 'faxline_job_duration_seconds_recently',
    help: 'How long the jobs completed in the last 15 minutes ran, by job: the median and the 95th percentile.',
    labelNames: ['job', 'quantile'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await db.execute<{ name: string; p50: number; p95: number }>(sql`
        select name,
          percentile_cont(0.5) within group (order by extract(epoch from completed_on - started_on))::float8 as p50,
          percentile_cont(0.95) within group (order by extract(epoch from completed_on - started_on))::float8 as p95
        from pgboss.job
        where state = 'completed' and started_on is not null
          and completed_on >= ${new Date(Date.now() - RECENT.jobs).toISOString()} and name not like '\\_\\_%'
        group by name`);
      for (const row of rows) {
        this.set({ job: row.name, quantile: '0.5' }, row.p50);
        this.set({ job: row.name, quantile: '0.95' }, row.p95);
      }
    },
  });

  new Gauge({
    name: 'faxline_faxes_in_flight',
    help: 'Faxes on their way now (queued, scheduled, converting, sending), by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db
        .select({ status: faxes.status, faxes: count() })
        .from(faxes)
        .where(inArray(faxes.status, [...IN_FLIGHT_FAX_STATUSES]))
        .groupBy(faxes.status);
      for (const status of IN_FLIGHT_FAX_STATUSES) this.set({ status }, rows.find((row) => row.status === status)?.faxes ?? 0);
    },
  });

  new Gauge({
    name: 'faxline_fax_events_last_hour',
    help: 'Faxes that changed state in the last hour, by event (fax.delivered, fax.failed, fax.received...).',
    labelNames: ['event'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db
        .select({ type: faxEvents.type, events: count() })
        .from(faxEvents)
        .where(gte(faxEvents.createdAt, new Date(Date.now() - RECENT.hour)))
        .groupBy(faxEvents.type);
      for (const row of rows) this.set({ event: row.type }, row.events);
    },
  });

  new Gauge({
    name: 'faxline_line_tries_last_hour',
    help: 'Tries that ended on each fax line in the last hour, by result (delivered, busy, line_quality...).',
    labelNames: ['line', 'result'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // By line first, as the (line, ended_at) index is ordered.
      const rows = await db
        .select({ line: faxAttempts.line, result: faxAttempts.result, tries: count() })
        .from(faxAttempts)
        .where(and(inArray(faxAttempts.line, [...FAX_LINES]), gte(faxAttempts.endedAt, new Date(Date.now() - RECENT.hour))))
        .groupBy(faxAttempts.line, faxAttempts.result);
      for (const row of rows) this.set({ line: row.line, result: row.result ?? 'unknown' }, row.tries);
    },
  });

  return {
    registry,
    /** Counts one answered request: its route's pattern (never the URL, whose ids would make endless series). */
    observeRequest: (request: { method: string; route: string | undefined; statusCode: number; seconds: number }) => {
      const route = request.route ?? 'unmatched';
      requests.inc({ method: request.method, route, status_code: String(request.statusCode) });
      latency.observe({ method: request.method, route }, request.seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
