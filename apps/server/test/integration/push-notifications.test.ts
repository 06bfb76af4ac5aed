import { jwtVerify, importJWK } from 'jose';
import {
  SANDBOX_TEST_NUMBERS,
  ZPushMessage,
  ZPushPublicKeyResponse,
  ZPushSubscription,
  ZPushSubscriptionsResponse,
  ZSendFaxResponse,
  type TPushMessage,
} from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type PlanChoice } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { decryptPush, newPushKeys, type PushKeys } from '@test-support/push-subscriber';
import { faxEvents } from '../../src/events/schema';
import { documentKeysOf } from '../../src/faxes/fax-records';
import { faxes } from '../../src/faxes/schema';
import { pushFaxEventJob } from '../../src/push/push-event-job';
import { pushSubscriptions } from '../../src/push/schema';
import { sendFaxRequest } from '../support/faxes';
import { callApi, errorOf, openTestApp, signIn, type TestApp } from '../support/test-app';
import { testLogger } from '../support/test-database';
import { startWebhookReceiver } from '../support/webhook-receiver';

// The push service is a receiver on this machine (the test configuration allows plain http to 127.0.0.1, as it does
// for webhooks); the browser is this test, which makes the subscription's keys and decrypts what arrives (RFC 8291).
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let pdf: Buffer;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  receiver = await startWebhookReceiver((path) => (path.startsWith('/gone') ? { status: 410 } : { status: 201 }));
  pdf = await makePdf(2);
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function customer(plan: PlanChoice, language: 'en' | 'es' | 'fr' = 'en', name = 'Riverside Clinic') {
  const account = await createAccount(t, { owner: { name, language }, plan });
  return { ...account, cookie: await signIn(t.app, account.owner.email) };
}

/** Subscribes a device of this person whose push service is the receiver's `path`; the keys decrypt its pushes. */
async function subscribe(cookie: string, path: string): Promise<PushKeys & { id: string }> {
  const keys = newPushKeys();
  const response = await callApi(t.app, 'POST', '/api/push/subscriptions', {
    cookie,
    payload: { endpoint: receiver.url(path), keys: { p256dh: keys.p256dh, auth: keys.auth }, deviceLabel: 'Test phone' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...keys, id: ZPushSubscription.parse(response.json()).id };
}

async function sendFax(cookie: string, recipientNumber: string, status: string) {
  const response = await sendFaxRequest(
    t.app,
    cookie,
    { recipientNumber, faxQuality: 'fine', coverSubject: 'Referral of Jane Doe', coverPageMessage: 'Lab results follow.' },
    [{ name: 'jane-doe-results.pdf', bytes: pdf }],
  );
  expect(response.statusCode, response.body).toBe(202);
  const { faxId } = ZSendFaxResponse.parse(response.json());
  const statusOf = async () => (await t.db.select({ status: faxes.status }).from(faxes).where(eq(faxes.id, faxId)))[0]?.status;
  await expect.poll(statusOf, { timeout: 60_000, interval: 200 }).toBe(status);
  await settled();
  return faxId;
}

const pushJobs = async (states: string) =>
  (
    await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job
      WHERE name IN ('push.fax-event', 'push.send') AND state::text = ANY(string_to_array(${states}, ','))`)
  ).rows[0]!.n;

/** Every event relayed and every push job ended: what was going to be pushed has reached the receiver. */
async function settled() {
  const pending = async () =>
    (
      await t.db
        .select({ id: faxEvents.id })
        .from(faxEvents)
        .where(sql`${faxEvents.dispatchedAt} IS NULL`)
    ).length + (await pushJobs('created,retry,active'));
  await expect.poll(pending, { timeout: 30_000, interval: 200 }).toBe(0);
}

/** The pushes a device got, decrypted and read by the contract the service worker reads. */
const pushesAt = (path: string, keys: PushKeys): TPushMessage[] =>
  receiver.at(path).map((push) => ZPushMessage.parse(JSON.parse(decryptPush(push.raw, keys))));

/** What no push may carry: the document's name, bytes, cover subject and message. */
const DOCUMENT_CONTENT = ['jane-doe-results', '%PDF', 'JVBER', 'Referral', 'Lab results'];

describe('push notifications', () => {
  it('pushes a received and a delivered fax once each, encrypted for the device, signed with the VAPID key, with no content', async () => {
    const sender = await customer({ slug: 'business' }, 'en', 'Harbor Lab');
    const recipient = await customer({ slug: 'business' }, 'es', 'Clínica Ribera');
    const senderDevice = await subscribe(sender.cookie, '/sender');
    const recipientDevice = await subscribe(recipient.cookie, '/recipient');
    const faxId = await sendFax(sender.cookie, recipient.number!, 'delivered');
    const received = (await t.db.select({ id: faxes.id }).from(faxes).where(eq(faxes.accountId, recipient.id)))[0]!;

    await expect.poll(() => receiver.at('/recipient').length, { timeout: 30_000, interval: 200 }).toBe(1);
    await expect.poll(() => receiver.at('/sender').length, { timeout: 30_000, interval: 200 }).toBe(1);
    const [arrived] = pushesAt('/recipient', recipientDevice);
    expect(arrived!.title).toMatch(/^Fax de .+ recibido$/);
    expect(arrived!.url).toBe(`/user/fax-history?tab=received&fax=${received.id}`);
    const [delivered] = pushesAt('/sender', senderDevice);
    expect(delivered!.title).toMatch(/^Fax to .+ delivered$/);
    expect(delivered!.url).toBe(`/user/fax-history?fax=${faxId}`);
    for (const push of [...receiver.at('/recipient'), ...receiver.at('/sender')]) {
      const plain = decryptPush(push.raw, push.path === '/sender' ? senderDevice : recipientDevice);
      for (const secret of DOCUMENT_CONTENT) expect(plain).not.toContain(secret);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers['ttl'])).toBeGreaterThan(0);
    }

    // RFC 8292: signed with the key the browser subscribed with, for this push service's origin.
    const { publicKey } = ZPushPublicKeyResponse.parse(
      (await callApi(t.app, 'GET', '/api/push/public-key', { cookie: sender.cookie })).json(),
    );
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(receiver.at('/sender')[0]!.headers['authorization']!)!;
    expect(key).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
    const { payload } = await jwtVerify(token!, await importJWK(jwk, 'ES256'));
    expect(payload.aud).toBe(new URL(receiver.url('/')).origin);

    // The consumer run again (its worker died after queueing, say) pushes nothing twice: the delivery rows say it was done.
    const events = await t.db.select({ id: faxEvents.id }).from(faxEvents).where(eq(faxEvents.faxId, received.id));
    const deps = {
      db: t.db,
      config: t.config,
      files: t.files,
      systemSettings: t.env.systemSettings,
      faxFilesOf: documentKeysOf,
      queue: t.env.queue,
      logger: testLogger,
    };
    for (const event of events) await pushFaxEventJob.handler({ eventId: event.id }, deps as never);
    await settled();
    expect(receiver.at('/recipient')).toHaveLength(1);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, recipientDevice.id));
    expect(row!.lastSuccessAt).not.toBeNull();
  }, 120_000);

  it('on a HIPAA plan says only that a fax arrived, in the person’s language, with no name or number', async () => {
    const sender = await customer({ slug: 'business' }, 'en', 'Jane Doe Pharmacy');
    const recipient = await customer({ slug: 'hipaa-plus' }, 'fr', 'Cabinet Dupont');
    const device = await subscribe(recipient.cookie, '/hipaa');
    await sendFax(sender.cookie, recipient.number!, 'delivered');
    await expect.poll(() => receiver.at('/hipaa').length, { timeout: 30_000, interval: 200 }).toBe(1);
    const plain = decryptPush(receiver.at('/hipaa')[0]!.raw, device);
    expect(ZPushMessage.parse(JSON.parse(plain))).toMatchObject({ title: 'Un fax est arrivé' });
    for (const secret of [...DOCUMENT_CONTENT, 'Jane', 'Pharmacy', sender.number!.slice(2), recipient.number!.slice(2)])
      expect(plain).not.toContain(secret);
  }, 120_000);

  it('pushes a failed fax to its sender', async () => {
    const sender = await customer({ slug: 'business' });
    const device = await subscribe(sender.cookie, '/failed');
    const faxId = await sendFax(sender.cookie, SANDBOX_TEST_NUMBERS.busy, 'failed');
    await expect.poll(() => receiver.at('/failed').length, { timeout: 30_000, interval: 200 }).toBe(1);
    expect(pushesAt('/failed', device)[0]).toMatchObject({ url: `/user/fax-history?fax=${faxId}` });
    expect(pushesAt('/failed', device)[0]!.title).toMatch(/not delivered$/);
  }, 120_000);

  it('queues no push job for the events of an account whose people have no device', async () => {
    const sender = await customer({ slug: 'business' });
    const before = await pushJobs('created,retry,active,completed,failed');
    await sendFax(sender.cookie, SANDBOX_TEST_NUMBERS.delivers, 'delivered');
    expect(await pushJobs('created,retry,active,completed,failed')).toBe(before);
  }, 120_000);

  it('drops a subscription the push service answers 410', async () => {
    const sender = await customer({ slug: 'business' });
    await subscribe(sender.cookie, '/gone');
    await sendFax(sender.cookie, SANDBOX_TEST_NUMBERS.busy, 'failed');
    await expect.poll(() => receiver.at('/gone').length, { timeout: 30_000, interval: 200 }).toBe(1);
    const list = async () =>
      ZPushSubscriptionsResponse.parse((await callApi(t.app, 'GET', '/api/push/subscriptions', { cookie: sender.cookie })).json())
        .subscriptions;
    await expect.poll(list, { timeout: 10_000, interval: 200 }).toEqual([]);
    expect(await pushJobs('failed')).toBe(0);
  }, 120_000);

  it('keeps each person’s devices their own, and refuses what is not a subscription', async () => {
    const owner = await customer({ slug: 'business' });
    const other = await customer({ slug: 'business' });
    const device = await subscribe(owner.cookie, '/own');
    const theirs = await callApi(t.app, 'DELETE', `/api/push/subscriptions/${device.id}`, { cookie: other.cookie });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('errors.pushSubscriptionNotFound');
    const listOf = async (cookie: string) =>
      ZPushSubscriptionsResponse.parse((await callApi(t.app, 'GET', '/api/push/subscriptions', { cookie })).json()).subscriptions;
    expect((await listOf(owner.cookie)).map((row) => row.deviceLabel)).toEqual(['Test phone']);
    expect(await listOf(other.cookie)).toEqual([]);

    const badKey = await callApi(t.app, 'POST', '/api/push/subscriptions', {
      cookie: owner.cookie,
      payload: { endpoint: receiver.url('/own'), keys: { p256dh: 'short', auth: device.auth } },
    });
    expect(badKey.statusCode).toBe(400);
    const ftp = await callApi(t.app, 'POST', '/api/push/subscriptions', {
      cookie: owner.cookie,
      payload: { endpoint: 'ftp://push.example.com/x', keys: { p256dh: device.p256dh, auth: device.auth } },
    });
    expect(ftp.statusCode).toBe(400);
    expect((await callApi(t.app, 'GET', '/api/push/subscriptions')).statusCode).toBe(401);

    const removed = await callApi(t.app, 'DELETE', `/api/push/subscriptions/${device.id}`, { cookie: owner.cookie });
    expect(removed.statusCode).toBe(204);
    expect(await listOf(owner.cookie)).toEqual([]);
  }, 60_000);
});
