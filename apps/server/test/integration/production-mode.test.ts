import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://fax.example.com', FILES_MASTER_KEY: randomBytes(32).toString('base64') },
  });
});
afterAll(() => t.close());

describe('in production', () => {
  it('has no local mailbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });

  it('asks browsers to keep to https', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it('confirms e-mail addresses by default', () => {
    expect(t.config.emailConfirmation).toBe(true);
  });
});
