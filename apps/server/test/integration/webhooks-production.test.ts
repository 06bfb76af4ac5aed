import { randomBytes } from 'node:crypto';
import { ZWebhookMessagesResponse, ZWebhookSecretResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { PASSWORD } from '@test-support/factories/values';
import { webhookEndpoints } from '../../src/webhooks/schema';
import { API_PLAN } from '../support/api-keys';
import { callApi, cookiesFrom, errorOf, openTestApp, someClientAddress, type TestApp } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

const ORIGIN = 'https://fax.example.com';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let cookie: string;
beforeAll(async () => {
  t = await openTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: ORIGIN, FILES_MASTER_KEY: randomBytes(32).toString('base64') } });
  receiver = await startWebhookReceiver();
  // On a plan that includes webhooks (decision 087).
  const { owner: person } = await createAccount(t, { plan: API_PLAN });
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: ORIGIN },
    payload: { identifier: person.email, password: PASSWORD },
    remoteAddress: someClientAddress(),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  cookie = cookiesFrom(signedIn);
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, headers: { origin: ORIGIN }, ...(payload ? { payload } : {}) });

describe('webhook URLs in production', () => {
  it.each([
    ['the loopback address', 'https://127.0.0.1/hook'],
    ['a private address', 'https://10.0.0.1/hook'],
    ['the cloud metadata address (link-local)', 'https://169.254.169.254/latest/meta-data/'],
    ['an IPv6 loopback', 'https://[::1]/hook'],
    ['a name for this machine', 'https://localhost/hook'],
  ])('refuses %s when the endpoint is saved', async (_what, url) => {
    const response = await call('POST', '/api/webhooks', { url, events: ['fax.delivered'] });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'errors.webhookAddressRefused' });
  });

  it('asks for https', async () => {
    const response = await call('POST', '/api/webhooks', { url: 'http://hooks.example.com/faxline', events: ['fax.delivered'] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/must start with https/);
  });

  it.each([
    ['a DNS name that resolves to 127.0.0.1', () => `https://localhost:${receiver.port}/hook`],
    ['a private address', () => 'https://10.0.0.1/hook'],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data/'],
  ])('refuses %s when it sends, after DNS, without connecting', async (_what, urlOf) => {
    const created = await call('POST', '/api/webhooks', { url: 'https://hooks.example.com/faxline', events: ['fax.delivered'] });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint } = ZWebhookSecretResponse.parse(created.json());
    // Changed behind the checks that run when it is saved: the send-time check must hold on its own.
    await t.db.update(webhookEndpoints).set({ url: urlOf() }).where(eq(webhookEndpoints.id, endpoint.id));
    expect((await call('POST', `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    const firstTry = async () =>
      ZWebhookMessagesResponse.parse((await call('GET', `/api/webhooks/${endpoint.id}/messages`)).json()).messages[0]?.attempts[0];
    await expect.poll(async () => (await firstTry())?.endedAt ?? null, { timeout: 15_000 }).not.toBeNull();
    expect(await firstTry()).toMatchObject({
      responseStatus: null,
      error: expect.stringMatching(/^refused: .*not a public internet address$/),
    });
    expect(receiver.at('/hook')).toHaveLength(0);
  });
});
