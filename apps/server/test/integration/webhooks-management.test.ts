import { MAX_WEBHOOK_ENDPOINTS, ZWebhookEndpoint, ZWebhookEndpointsResponse, ZWebhookSecretResponse } from '@faxline/shared';
import {
  ZV1Error,
  ZV1WebhookEndpoint,
  ZV1WebhookEndpointList,
  ZV1WebhookEndpointWithSecret,
  ZV1WebhookMessage,
  ZV1WebhookMessageList,
} from '@faxline/shared/api-v1';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { accountMembers } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { webhookEndpoints } from '../../src/webhooks/schema';
import { API_PLAN, callV1, createApiKey } from '../support/api-keys';
import { callApi, errorOf, openTestApp, signIn, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  // No worker: what is queued stays queued; these tests are about managing endpoints.
  t = await openTestApp({ work: false });
});
afterAll(() => t?.close());

const hook = { url: 'https://hooks.example.com/faxline', events: ['fax.delivered', 'fax.failed'] };

describe('managing webhook endpoints with a session', () => {
  it('lets the owner and sub-admins manage them, and refuses a User and a Billing contact with 403', async () => {
    const account = await createAccount(t, { plan: API_PLAN, members: [{ role: 'admin' }, { role: 'user' }, { role: 'billing' }] });
    const [admin, user, billing] = account.members;
    const ownerCookie = await signIn(t.app, account.owner.email);
    for (const person of [user!, billing!]) {
      const cookie = await signIn(t.app, person.email);
      expect((await callApi(t.app, 'GET', '/api/webhooks', { cookie })).statusCode).toBe(403);
      expect((await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: hook })).statusCode).toBe(403);
    }
    const adminCookie = await signIn(t.app, admin!.email);
    const created = await callApi(t.app, 'POST', '/api/webhooks', { cookie: adminCookie, payload: hook });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { endpoint } = ZWebhookSecretResponse.parse(created.json());
    const list = ZWebhookEndpointsResponse.parse((await callApi(t.app, 'GET', '/api/webhooks', { cookie: ownerCookie })).json());
    expect(list).toEqual({ endpoints: [endpoint], max: MAX_WEBHOOK_ENDPOINTS });
    expect((await callApi(t.app, 'GET', '/api/webhooks')).statusCode).toBe(401);
  });

  it('keeps each account’s endpoints to itself: another account’s is not found', async () => {
    const mine = await createAccount(t, { plan: API_PLAN });
    const theirs = await createAccount(t, { plan: API_PLAN });
    const theirCookie = await signIn(t.app, theirs.owner.email);
    const { endpoint } = ZWebhookSecretResponse.parse(
      (await callApi(t.app, 'POST', '/api/webhooks', { cookie: theirCookie, payload: hook })).json(),
    );
    const cookie = await signIn(t.app, mine.owner.email);
    for (const [method, url] of [
      ['PATCH', `/api/webhooks/${endpoint.id}`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
      ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['GET', `/api/webhooks/${endpoint.id}/messages`],
    ] as const) {
      const response = await callApi(t.app, method, url, { cookie, ...(method === 'PATCH' ? { payload: { enabled: false } } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response).message).toBe('This webhook endpoint does not exist.');
    }
  });

  it('changes, disables and deletes an endpoint, each in the audit trail, and stores its secret sealed', async () => {
    const account = await createAccount(t, { plan: API_PLAN });
    const cookie = await signIn(t.app, account.owner.email);
    const { endpoint, secret } = ZWebhookSecretResponse.parse(
      (await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: hook })).json(),
    );
    const [stored] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored!.secret).not.toContain(secret.slice('whsec_'.length));

    const patched = await callApi(t.app, 'PATCH', `/api/webhooks/${endpoint.id}`, {
      cookie,
      payload: { description: 'EHR inbox', enabled: false, events: ['fax.received'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(ZWebhookEndpoint.parse(patched.json())).toMatchObject({
      description: 'EHR inbox',
      enabled: false,
      events: ['fax.received'],
      disabledReason: null,
    });
    expect((await callApi(t.app, 'POST', `/api/webhooks/${endpoint.id}/rotate-secret`, { cookie })).statusCode).toBe(200);
    const deleted = await callApi(t.app, 'DELETE', `/api/webhooks/${endpoint.id}`, { cookie });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await callApi(t.app, 'GET', '/api/webhooks', { cookie })).json()).toMatchObject({ endpoints: [] });

    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, endpoint.id), like(auditEvents.action, 'webhook.%')));
    expect(trail.map((row) => row.action).sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.rotate_secret', 'webhook.update']);
    expect(trail.every((row) => row.actorUserId === account.owner.id && row.accountId === account.id)).toBe(true);
  });

  it('refuses bad requests with translated messages, and more than the limit of endpoints', async () => {
    const account = await createAccount(t, { plan: API_PLAN });
    const cookie = await signIn(t.app, account.owner.email);
    const refused = async (payload: object, language = 'en') => {
      const response = await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload, language });
      expect(response.statusCode, response.body).toBe(400);
      return errorOf(response).message;
    };
    expect(await refused({ ...hook, url: '' })).toMatch(/enter the endpoint's URL/);
    expect(await refused({ ...hook, url: 'not a url' })).toMatch(/not a valid web address/);
    expect(await refused({ ...hook, events: [] })).toMatch(/at least one event/);
    expect(await refused({ ...hook, events: ['fax.exploded'] })).toMatch(/Unknown event type/);
    expect(await refused({ ...hook, events: [] }, 'es')).toMatch(/al menos un evento/);
    expect(await refused({ ...hook, description: 'x'.repeat(201) }, 'fr')).toMatch(/200 caractères/);

    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i += 1)
      expect((await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: { ...hook, url: `${hook.url}/${i}` } })).statusCode).toBe(
        201,
      );
    expect(await refused(hook)).toBe(
      `This account already has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one before adding another.`,
    );
  });
});

describe('/v1/webhooks', () => {
  it('manages endpoints with a webhooks:manage key, in snake_case, with the key in the audit trail', async () => {
    const account = await createAccount(t, { plan: API_PLAN });
    const cookie = await signIn(t.app, account.owner.email);
    const { secret: key, key: apiKey } = await createApiKey(t, cookie, ['webhooks:manage']);

    const created = await callV1(t, key, 'POST', '/v1/webhooks', { payload: { ...hook, signing: 'ed25519' } });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = ZV1WebhookEndpointWithSecret.parse(created.json());
    expect(endpoint).toMatchObject({ url: hook.url, signing: 'ed25519', enabled: true, failing_since: null });
    expect(endpoint.secret).toBe(endpoint.public_key);

    expect(ZV1WebhookEndpointList.parse((await callV1(t, key, 'GET', '/v1/webhooks')).json()).data.map((e) => e.id)).toEqual([endpoint.id]);
    const { secret: _secret, ...shown } = endpoint;
    expect(ZV1WebhookEndpoint.parse((await callV1(t, key, 'GET', `/v1/webhooks/${endpoint.id}`)).json())).toEqual(shown);
    const patched = await callV1(t, key, 'PATCH', `/v1/webhooks/${endpoint.id}`, { payload: { description: 'Billing system' } });
    expect(ZV1WebhookEndpoint.parse(patched.json()).description).toBe('Billing system');
    const rotated = ZV1WebhookEndpointWithSecret.parse((await callV1(t, key, 'POST', `/v1/webhooks/${endpoint.id}/rotate-secret`)).json());
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previous_secret_expires_at).not.toBeNull();

    const test = await callV1(t, key, 'POST', `/v1/webhooks/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    const message = ZV1WebhookMessage.parse(test.json());
    expect(message).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: [] });
    const log = ZV1WebhookMessageList.parse((await callV1(t, key, 'GET', `/v1/webhooks/${endpoint.id}/messages`)).json());
    expect(log.data.map((m) => m.id)).toEqual([message.id]);
    const retry = await callV1(t, key, 'POST', `/v1/webhooks/${endpoint.id}/messages/${message.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(202);

    expect((await callV1(t, key, 'DELETE', `/v1/webhooks/${endpoint.id}`)).json()).toEqual({ id: endpoint.id, deleted: true });
    const gone = await callV1(t, key, 'GET', `/v1/webhooks/${endpoint.id}`);
    expect(gone.statusCode).toBe(404);
    expect(ZV1Error.parse(gone.json()).error).toMatchObject({ type: 'not_found_error', code: 'errors.webhookNotFound' });

    const [created_] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, endpoint.id), eq(auditEvents.action, 'webhook.create')));
    expect(created_!.details).toMatchObject({ viaApiKey: { id: apiKey.id } });
  });

  it('needs the webhooks:manage scope, and a creator who may still manage webhooks', async () => {
    const account = await createAccount(t, { plan: API_PLAN, members: [{ role: 'admin' }] });
    const ownerCookie = await signIn(t.app, account.owner.email);
    const { secret: faxKey } = await createApiKey(t, ownerCookie, ['faxes:read']);
    const noScope = await callV1(t, faxKey, 'GET', '/v1/webhooks');
    expect(noScope.statusCode).toBe(403);
    expect(ZV1Error.parse(noScope.json()).error.code).toBe('errors.apiKeyScopeMissing');
    // A key acts with its creator's rights now: a sub-admin's key stops managing webhooks when they become a User.
    const admin = account.members[0]!;
    const { secret: adminKey } = await createApiKey(t, await signIn(t.app, admin.email), ['webhooks:manage']);
    expect((await callV1(t, adminKey, 'GET', '/v1/webhooks')).statusCode).toBe(200);
    await t.db.update(accountMembers).set({ role: 'user' }).where(eq(accountMembers.userId, admin.id));
    const denied = await callV1(t, adminKey, 'GET', '/v1/webhooks');
    expect(denied.statusCode).toBe(403);
    expect(ZV1Error.parse(denied.json()).error.type).toBe('permission_error');
  });
});
