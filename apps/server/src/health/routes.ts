import { ZHealth, ZReadiness, type THealth, type TReadiness } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type ReadinessChecks = {
  database: () => Promise<boolean>;
  queue: () => Promise<boolean>;
  /** True once shutdown has begun, so that a load balancer stops sending traffic before we close. */
  isShuttingDown: () => boolean;
  /** False once the process cannot serve any more, whatever it waits for (decision 065). */
  canServe: () => boolean;
};

const CHECK_TIMEOUT_MS = 2_000;

async function within(check: () => Promise<boolean>): Promise<'up' | 'down'> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CHECK_TIMEOUT_MS).unref());
  return (await Promise.race([check().catch(() => false), timeout])) ? 'up' : 'down';
}

export const healthRoutes: FastifyPluginAsyncZod<{ checks: ReadinessChecks }> = async (app, { checks }) => {
  // Liveness: the process answers and can serve. A database that is away or being started again is no reason to
  // restart the process (that would not bring it back sooner); an embedded database it gave up on is (decision 065).
  app.get('/healthz', { schema: { response: { 200: ZHealth, 503: ZHealth } }, logLevel: 'warn' }, async (_request, reply) => {
    const body: THealth = { status: checks.canServe() ? 'ok' : 'failing' };
    return reply.status(body.status === 'ok' ? 200 : 503).send(body);
  });

  // Readiness: the database and the job queue answer; 503 otherwise.
  app.get('/readyz', { schema: { response: { 200: ZReadiness, 503: ZReadiness } }, logLevel: 'warn' }, async (_request, reply) => {
    const [database, queue] = await Promise.all([within(checks.database), within(checks.queue)]);
    const ready = database === 'up' && queue === 'up' && !checks.isShuttingDown();
    const body: TReadiness = { status: ready ? 'ready' : 'not_ready', checks: { database, queue } };
    return reply.status(ready ? 200 : 503).send(body);
  });
};
