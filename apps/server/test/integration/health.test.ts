import { ZHealth, ZReadiness } from '@faxline/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openTestEnvironment, testLogger } from '../support/test-database';

let app: FastifyInstance;
let env: Awaited<ReturnType<typeof openTestEnvironment>>;
let shuttingDown = false;

beforeAll(async () => {
  env = await openTestEnvironment();
  app = await buildApp({
    config: { secureTransport: false, trustProxy: false },
    logger: testLogger,
    checks: { database: env.database.ping, queue: env.queue.ping, isShuttingDown: () => shuttingDown },
  });
});
afterAll(async () => {
  await app.close();
  await env.close();
});

describe('health endpoints', () => {
  it('GET /healthz says the process is up', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(ZHealth.parse(response.json())).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 while the database and the queue answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(ZReadiness.parse(response.json())).toEqual({ status: 'ready', checks: { database: 'up', queue: 'up' } });
  });

  it('GET /readyz turns 503 once shutdown has begun', async () => {
    shuttingDown = true;
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    shuttingDown = false;
    expect(response.statusCode).toBe(503);
    expect(ZReadiness.parse(response.json()).status).toBe('not_ready');
  });
});
