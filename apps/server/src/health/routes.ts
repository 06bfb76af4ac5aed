import { ZHealth, ZReadiness, type TReadiness } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type ReadinessChecks = {
  database: () => Promise<boolean>;
  queue: () => Promise<boolean>;
  /** True once shutdown has begun, so that a load balancer stops sending traffic before we close. */
  isShuttingDown: () => boolean;
};

const CHECK_TIMEOUT_MS = 2_000;

async function within(check: () => Promise<boolean>): Promise<'up' | 'down'> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CHECK_TIMEOUT_MS).unref());
  return (await Promise.race([check().catch(() => false), timeout])) ? 'up' : 'down';
}

export const healthRoutes: FastifyPluginAsyncZod<{ checks: ReadinessChecks }> = async (app, { checks }) => {
  // Liveness: the process answers. Nothing else, so a slow database never gets a healthy process restarted.
  app.get('/healthz', { schema: { response: { 200: ZHealth } }, logLevel: 'warn' }, async () => ({ status: 'ok' as const }));

  // Readiness: the database and the job queue answer; 503 otherwise.
  app.get('/readyz', { schema: { response: { 200: ZReadiness, 503: ZReadiness } }, logLevel: 'warn' }, async (_request, reply) => {
    const [database, queue] = await Promise.all([within(checks.database), within(checks.queue)]);
    const ready = database === 'up' && queue === 'up' && !checks.isShuttingDown();
    const body: TReadiness = { status: ready ? 'ready' : 'not_ready', checks: { database, queue } };
    return reply.status(ready ? 200 : 503).send(body);
  });
};
