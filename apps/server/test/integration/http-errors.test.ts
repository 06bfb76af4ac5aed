import { ZApiError } from '@faxline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/platform/http/app-error';
import { openTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// The error contract every endpoint inherits: `{ error: { type, message } }`, translated, never a stack trace.
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await openTestApp();
  app = testApp.app;
  // Routes that exist only in this test, to drive each branch of the error handler.
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(2), pages: z.number().int().positive() }) } },
    async (request) => request.body,
  );
  routes.get('/api/test/conflict', async () => {
    throw new AppError('conflict', 'errors.forbidden');
  });
  routes.get('/api/test/crash', async () => {
    throw new Error('secret internal detail at /srv/db.ts:42');
  });
  await app.ready();
});
afterAll(() => testApp.close());

describe('error answers', () => {
  it("answers an unknown /api path with a JSON 404 in the caller's language", async () => {
    for (const [language, text] of [
      ['en', 'There is no API endpoint GET /api/nope.'],
      ['es-ES,es;q=0.9', 'No existe el punto de acceso de la API GET /api/nope.'],
      ['fr-CA, fr;q=0.8, en;q=0.5', 'Il n’existe pas de point d’accès d’API GET /api/nope.'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': language } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(ZApiError.parse(response.json())).toEqual({ error: { type: 'not_found', code: 'errors.routeNotFound', message: text } });
    }
  });

  it('rejects a body that fails its zod schema with 400, the field and a translated message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'A', pages: 2 },
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(400);
    const body = ZApiError.parse(response.json());
    expect(body.error.type).toBe('invalid_request');
    expect(body.error.issues).toEqual([{ path: 'body.name', message: expect.stringMatching(/demasiado pequeñ/i) }]);
    expect(body.error.message).toBe(`body.name: ${body.error.issues![0]!.message}`);
  });

  it('accepts a valid body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Ann', pages: 2 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ann', pages: 2 });
  });

  it('answers malformed JSON with 400 and a plain message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(ZApiError.parse(response.json()).error).toEqual({
      type: 'invalid_request',
      code: 'errors.malformedJson',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000), pages: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(ZApiError.parse(response.json()).error.type).toBe('payload_too_large');
  });

  it('maps an AppError to its status and translated message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict', headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { type: 'conflict', code: 'errors.forbidden', message: 'Vous n’avez pas l’autorisation d’effectuer cette action.' },
    });
  });

  it('hides the cause of a 500 and gives the request id instead', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const body = ZApiError.parse(response.json());
    const requestId = response.headers['x-request-id'];
    expect(body.error.type).toBe('internal_error');
    expect(body.error.requestId).toBe(requestId);
    expect(body.error.message).toContain(String(requestId));
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts:');
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows scripts from our origin only', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http here, so no HSTS that would lock a browser out of http://localhost.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Ann', pages: 2 },
      headers: { cookie: 'faxline.session_token=x', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(ZApiError.parse(response.json()).error).toEqual({
      type: 'permission_denied',
      code: 'errors.crossSiteRequest',
      message: 'This request came from another site and was refused.',
    });
    const ours = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Ann', pages: 2 },
      headers: { cookie: 'faxline.session_token=x', origin: TEST_ORIGIN },
    });
    expect(ours.statusCode).toBe(200);
  });

  it('gives every answer a request id', async () => {
    const a = await app.inject({ method: 'GET', url: '/healthz' });
    const b = await app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
