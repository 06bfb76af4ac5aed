import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { createMetrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the scrape token (compared in constant time, whatever its length). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus's text format, and the timing of every request this process answers. Behind
 * METRICS_TOKEN (`Authorization: Bearer`); in production, off without it (the address is then the web app's, which has
 * no such page); open in development and tests when no token is set.
 */
export async function registerMetrics(app: FastifyInstance, deps: { db: Database; config: Pick<TConfig, 'metrics'> }): Promise<void> {
  const { token, open } = deps.config.metrics;
  if (!token && !open) return;
  const metrics = createMetrics(deps.db);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (token && !hasToken(request, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('authentication_error', 'errors.metricsToken');
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
