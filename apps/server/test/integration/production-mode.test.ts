import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@test-support/factories/accounts';
import { PASSWORD } from '@test-support/factories/values';
import { openTestApp, someClientAddress, type TestApp } from '../support/test-app';

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

  it('sends a policy that runs only our own scripts, in no frame, and upgrades any http request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    const policy = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives).toHaveProperty('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the session only in Secure, HttpOnly cookies that other sites do not get', async () => {
    const person = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://fax.example.com' },
      payload: { identifier: person.email, password: PASSWORD },
      remoteAddress: someClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
      expect(cookie).toMatch(/^__Secure-/);
      expect(attributes).toContain('secure');
      expect(attributes).toContain('httponly');
      expect(attributes.some((a) => a === 'samesite=lax' || a === 'samesite=strict')).toBe(true);
    }
  });

  it('confirms e-mail addresses by default', () => {
    expect(t.config.emailConfirmation).toBe(true);
  });
});
