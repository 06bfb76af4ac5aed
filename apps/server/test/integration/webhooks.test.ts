import { createPublicKey, verify } from 'node:crypto';
import {
  WEBHOOK_RETRY_DELAYS_SECONDS,
  ZSendFaxResponse,
  ZWebhookMessage,
  ZWebhookMessagesResponse,
  ZWebhookSecretResponse,
  type TCreateWebhookEndpointRequest,
} from '@faxline/shared';
import { ZV1FaxDetails } from '@faxline/shared/api-v1';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { platformEvents } from '../../src/events/schema';
import { webhooksDeliverJob } from '../../src/webhooks/deliver-job';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../src/webhooks/schema';
import { API_PLAN, callV1, createApiKey } from '../support/api-keys';
import { sendFaxRequest } from '../support/faxes';
import { callApi, latestEmailTo, signIn, type TestApp, openTestApp } from '../support/test-app';
import { startWebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver';

// A fast clock: the retry delays (5 s, 5 min, 30 min…) take 25 ms, 1.5 s, 9 s…
const CLOCK_SCALE = 0.005;

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  // The tests follow the delivery log by polling it, more often than a person's 100 requests a minute allow.
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: String(CLOCK_SCALE), RATE_LIMIT_FACTOR: '10' } });
  receiver = await startWebhookReceiver((path, before) => {
    if (path === '/flaky') return before < 3 ? { status: 500, body: `not yet (${before + 1})` } : { status: 200, body: 'got it' };
    if (path === '/moved') return { status: 301, headers: { location: receiver.url('/final') } };
    if (path === '/down') return { status: 503, body: 'down for maintenance' };
    return { status: 200, body: 'ok' };
  });
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function customer(name = 'Clinic') {
  const { owner, number } = await createAccount(t, { owner: { name }, plan: API_PLAN });
  return { ...owner, cookie: await signIn(t.app, owner.email), number: number! };
}

async function addEndpoint(cookie: string, request: TCreateWebhookEndpointRequest) {
  const response = await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: request });
  expect(response.statusCode, response.body).toBe(201);
  return ZWebhookSecretResponse.parse(response.json());
}

async function messagesOf(cookie: string, endpointId: string) {
  const response = await callApi(t.app, 'GET', `/api/webhooks/${endpointId}/messages`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return ZWebhookMessagesResponse.parse(response.json()).messages;
}

async function sendTest(cookie: string, endpointId: string) {
  const response = await callApi(t.app, 'POST', `/api/webhooks/${endpointId}/test`, { cookie });
  expect(response.statusCode, response.body).toBe(202);
  return ZWebhookMessage.parse(response.json());
}

/** Waits until the message has reached this status, and returns it as the delivery log shows it. */
async function settled(cookie: string, endpointId: string, messageId: string, status: 'delivered' | 'failed', timeout = 30_000) {
  await expect
    .poll(async () => (await messagesOf(cookie, endpointId)).find((m) => m.id === messageId)?.status, { timeout, interval: 200 })
    .toBe(status);
  return (await messagesOf(cookie, endpointId)).find((m) => m.id === messageId)!;
}

const verifyWith = (secret: string, received: ReceivedWebhook) => new Webhook(secret).verify(received.body, received.headers);

describe('webhooks of fax events', () => {
  it('sends one signed fax.delivered to the sender and one fax.received to the recipient, with the fax as GET /v1/faxes/{id} shows it', async () => {
    const sender = await customer('Sender Clinic');
    const recipient = await customer('Receiving Lab');
    const { endpoint: sent, secret: senderSecret } = await addEndpoint(sender.cookie, {
      url: receiver.url('/sender'),
      events: ['fax.delivered'],
    });
    const { endpoint: got, secret: recipientSecret } = await addEndpoint(recipient.cookie, {
      url: receiver.url('/recipient'),
      events: ['fax.received'],
    });
    expect(senderSecret).toMatch(/^whsec_/);

    const response = await sendFaxRequest(t.app, sender.cookie, {
      recipientNumber: recipient.number,
      faxQuality: 'fine',
      coverPageMessage: 'Results follow.',
    });
    expect(response.statusCode, response.body).toBe(202);
    const { faxId } = ZSendFaxResponse.parse(response.json());

    await expect.poll(() => receiver.at('/sender').length, { timeout: 90_000, interval: 200 }).toBe(1);
    await expect.poll(() => receiver.at('/recipient').length, { timeout: 30_000, interval: 200 }).toBe(1);
    const [senderMessage] = await messagesOf(sender.cookie, sent.id);
    const [recipientMessage] = await messagesOf(recipient.cookie, got.id);
    await settled(sender.cookie, sent.id, senderMessage!.id, 'delivered');
    await settled(recipient.cookie, got.id, recipientMessage!.id, 'delivered');

    const delivered = receiver.at('/sender')[0]!;
    expect(delivered.headers).toMatchObject({ 'webhook-id': senderMessage!.id, 'content-type': 'application/json' });
    expect(delivered.headers['user-agent']).toMatch(/^Faxline-Webhooks/);
    const payload = verifyWith(senderSecret, delivered) as { type: string; timestamp: string; data: unknown };
    expect(payload.type).toBe('fax.delivered');
    expect(() => verifyWith(recipientSecret, delivered)).toThrow();
    const { secret: apiKey } = await createApiKey(t, sender.cookie, ['faxes:read']);
    const asApiShowsIt = ZV1FaxDetails.parse((await callV1(t, apiKey, 'GET', `/v1/faxes/${faxId}`)).json());
    expect(payload.data).toEqual(asApiShowsIt);
    expect(asApiShowsIt.status).toBe('delivered');

    const received = verifyWith(recipientSecret, receiver.at('/recipient')[0]!) as {
      type: string;
      data: { direction: string; from: string };
    };
    expect(received).toMatchObject({ type: 'fax.received', data: { direction: 'inbound', from: sender.number } });
    // Each endpoint heard only of the events it chose, once.
    expect((await messagesOf(sender.cookie, sent.id)).map((m) => m.type)).toEqual(['fax.delivered']);
    expect((await messagesOf(recipient.cookie, got.id)).map((m) => m.type)).toEqual(['fax.received']);
    expect(receiver.at('/sender')).toHaveLength(1);
    expect(receiver.at('/recipient')).toHaveLength(1);
  }, 120_000);

  it('signs an Ed25519 endpoint’s messages with v1a, which its public key verifies', async () => {
    const owner = await customer();
    const { endpoint, secret } = await addEndpoint(owner.cookie, {
      url: receiver.url('/ed25519'),
      events: ['fax.received'],
      signing: 'ed25519',
    });
    expect(secret).toMatch(/^whpk_/);
    expect(endpoint.publicKey).toBe(secret);
    const message = await sendTest(owner.cookie, endpoint.id);
    await settled(owner.cookie, endpoint.id, message.id, 'delivered');
    const [arrived] = receiver.at('/ed25519');
    const [version, signature] = arrived!.headers['webhook-signature']!.split(',');
    expect(version).toBe('v1a');
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(secret.slice(5), 'base64').toString('base64url') },
      format: 'jwk',
    });
    const signed = `${arrived!.headers['webhook-id']}.${arrived!.headers['webhook-timestamp']}.${arrived!.body}`;
    expect(verify(null, Buffer.from(signed), key, Buffer.from(signature!, 'base64'))).toBe(true);
    expect(JSON.parse(arrived!.body)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
  });

  it('tries again after a failure with growing gaps, and the log shows every try', async () => {
    const owner = await customer();
    const { endpoint } = await addEndpoint(owner.cookie, { url: receiver.url('/flaky'), events: ['fax.delivered'] });
    const message = await sendTest(owner.cookie, endpoint.id);
    const log = await settled(owner.cookie, endpoint.id, message.id, 'delivered', 60_000);
    expect(log.attempts.map((a) => [a.number, a.responseStatus])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 200],
    ]);
    expect(log.attempts[0]!.responseExcerpt).toBe('not yet (1)');
    expect(log.attempts.every((a) => a.endedAt !== null && a.durationMs !== null)).toBe(true);
    const arrivals = receiver.at('/flaky').map((r) => r.at);
    expect(arrivals).toHaveLength(4);
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    expect(gaps[0]!).toBeLessThan(gaps[1]!);
    expect(gaps[1]!).toBeLessThan(gaps[2]!);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_SECONDS[i]! * 1000 * CLOCK_SCALE - 5));
    // Every try carried the same webhook-id: the receiver can tell it is the same message.
    expect(new Set(receiver.at('/flaky').map((r) => r.headers['webhook-id']))).toEqual(new Set([message.id]));
  }, 90_000);

  it('does not follow a redirect: the 3xx is a failed try', async () => {
    const owner = await customer();
    const { endpoint } = await addEndpoint(owner.cookie, { url: receiver.url('/moved'), events: ['fax.delivered'] });
    const message = await sendTest(owner.cookie, endpoint.id);
    await expect
      .poll(async () => (await messagesOf(owner.cookie, endpoint.id))[0]?.attempts[0]?.endedAt ?? null, { timeout: 15_000 })
      .not.toBeNull();
    const [log] = await messagesOf(owner.cookie, endpoint.id);
    expect(log).toMatchObject({ id: message.id, status: 'pending' });
    expect(log!.attempts[0]).toMatchObject({ responseStatus: 301, error: expect.stringMatching(/redirect not followed/) });
    expect(receiver.at('/final')).toHaveLength(0);
    await callApi(t.app, 'DELETE', `/api/webhooks/${endpoint.id}`, { cookie: owner.cookie });
  });

  it('signs with the old and the new secret after a rotation, space-separated', async () => {
    const owner = await customer();
    const { endpoint, secret: before } = await addEndpoint(owner.cookie, { url: receiver.url('/rotated'), events: ['fax.delivered'] });
    const response = await callApi(t.app, 'POST', `/api/webhooks/${endpoint.id}/rotate-secret`, { cookie: owner.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const rotated = ZWebhookSecretResponse.parse(response.json());
    expect(rotated.secret).not.toBe(before);
    expect(Date.parse(rotated.endpoint.previousSecretExpiresAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const message = await sendTest(owner.cookie, endpoint.id);
    await settled(owner.cookie, endpoint.id, message.id, 'delivered');
    const [arrived] = receiver.at('/rotated');
    expect(arrived!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWith(rotated.secret, arrived!)).toMatchObject({ type: 'webhook.test' });
    expect(verifyWith(before, arrived!)).toMatchObject({ type: 'webhook.test' });
  });

  it('sends a message again on request, as a new try with the same webhook-id', async () => {
    const owner = await customer();
    const { endpoint } = await addEndpoint(owner.cookie, { url: receiver.url('/again'), events: ['fax.delivered'] });
    const message = await sendTest(owner.cookie, endpoint.id);
    await settled(owner.cookie, endpoint.id, message.id, 'delivered');
    const again = await callApi(t.app, 'POST', `/api/webhooks/${endpoint.id}/messages/${message.id}/retry`, { cookie: owner.cookie });
    expect(again.statusCode, again.body).toBe(202);
    await expect.poll(() => receiver.at('/again').length, { timeout: 15_000 }).toBe(2);
    const log = await settled(owner.cookie, endpoint.id, message.id, 'delivered');
    expect(log.attempts.map((a) => [a.number, a.responseStatus])).toEqual([
      [1, 200],
      [2, 200],
    ]);
    expect(receiver.at('/again').map((r) => r.headers['webhook-id'])).toEqual([message.id, message.id]);
  });

  it('records a try that a dead worker left without an end as interrupted, and sends the message again', async () => {
    const owner = await customer();
    const { endpoint } = await addEndpoint(owner.cookie, { url: receiver.url('/resumed'), events: ['fax.delivered'] });
    // What a worker leaves when it dies mid-request: the message, and its first try started and never ended.
    const [message] = await t.db
      .insert(webhookMessages)
      .values({ endpointId: endpoint.id, type: 'webhook.test', payload: '{"type":"webhook.test"}' })
      .returning();
    await t.db.insert(webhookAttempts).values({ messageId: message!.id, number: 1 });
    await t.env.queue.send(webhooksDeliverJob, { messageId: message!.id, attempt: 1 });
    const log = await settled(owner.cookie, endpoint.id, message!.id, 'delivered');
    expect(log.attempts.map((a) => [a.number, a.error, a.responseStatus])).toEqual([
      [1, 'interrupted', null],
      [2, null, 200],
    ]);
    expect(receiver.at('/resumed').map((r) => r.headers['webhook-id'])).toEqual([message!.id]);
    // The same job run again finds its try ended: nothing is sent twice.
    await t.env.queue.send(webhooksDeliverJob, { messageId: message!.id, attempt: 2 });
    await t.env.queue.send(webhooksDeliverJob, { messageId: message!.id, attempt: 1 });
    const again = await sendTest(owner.cookie, endpoint.id);
    await settled(owner.cookie, endpoint.id, again.id, 'delivered');
    expect(receiver.at('/resumed')).toHaveLength(2);
    expect((await messagesOf(owner.cookie, endpoint.id)).find((m) => m.id === message!.id)!.attempts).toHaveLength(2);
  });

  it('disables an endpoint failing past the threshold, e-mails its owner and tells the back office', async () => {
    const owner = await customer('Failing Clinic');
    const { endpoint } = await addEndpoint(owner.cookie, { url: receiver.url('/down'), events: ['fax.delivered'] });
    // It has been failing for six days (scaled: the clock is fast).
    const sixDays = 6 * 86_400_000 * CLOCK_SCALE;
    await t.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - sixDays) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const message = await sendTest(owner.cookie, endpoint.id);
    const log = await settled(owner.cookie, endpoint.id, message.id, 'failed');
    expect(log.attempts).toHaveLength(1);
    expect(log.attempts[0]).toMatchObject({ responseStatus: 503, responseExcerpt: 'down for maintenance' });

    const list = (await callApi(t.app, 'GET', '/api/webhooks', { cookie: owner.cookie })).json<{
      endpoints: Array<Record<string, unknown>>;
    }>();
    expect(list.endpoints[0]).toMatchObject({
      id: endpoint.id,
      enabled: false,
      disabledReason: expect.stringMatching(/failed for 5 days/),
    });
    const email = await latestEmailTo(t.app, owner.email, /webhook endpoint was disabled/);
    expect(email.text).toContain(receiver.url('/down'));
    const events = await t.db
      .select()
      .from(platformEvents)
      .where(and(eq(platformEvents.type, 'webhook.disabled'), eq(platformEvents.accountId, owner.accountId)));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ url: receiver.url('/down') });
    // A disabled endpoint takes nothing more, not even a test, until it is enabled again.
    expect((await callApi(t.app, 'POST', `/api/webhooks/${endpoint.id}/test`, { cookie: owner.cookie })).statusCode).toBe(409);
    expect(receiver.at('/down')).toHaveLength(1);
  });
});
