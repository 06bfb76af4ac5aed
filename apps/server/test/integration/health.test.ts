import { ZHealth, ZReadiness } from '@faxline/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await openTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('health endpoints', () => {
  it('GET /healthz says the process is up', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(ZHealth.parse(response.json())).toEqual({ status: 'ok' });
  });

  it('GET /healthz answers 503 "failing" once the process cannot serve (its database could not be started again)', async () => {
    testApp.setCanServe(false);
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    testApp.setCanServe(true);
    expect(response.statusCode).toBe(503);
    expect(ZHealth.parse(response.json())).toEqual({ status: 'failing' });
  });

  it('GET /readyz is 200 while the database and the queue answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(ZReadiness.parse(response.json())).toEqual({ status: 'ready', checks: { database: 'up', queue: 'up' } });
  });

  it('GET /readyz turns 503 once shutdown has begun', async () => {
    testApp.setShuttingDown(true);
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    testApp.setShuttingDown(false);
    expect(response.statusCode).toBe(503);
    expect(ZReadiness.parse(response.json()).status).toBe('not_ready');
  });
});
