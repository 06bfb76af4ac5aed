import { SANDBOX_TEST_NUMBERS, ZSendFaxResponse } from '@faxline/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { faxEventConsumers } from '../../src/fax-event-consumers';
import { relayFaxEvents } from '../../src/events/relay';
import { faxEvents, platformEvents } from '../../src/events/schema';
import { faxes } from '../../src/faxes/schema';
import { eventsWithSubscribers } from '../../src/webhooks/fan-out-job';
import { webhookEndpoints } from '../../src/webhooks/schema';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

let t: TestApp;
let pdf: Uint8Array;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  pdf = await makePdf(1);
}, 120_000);
afterAll(() => t.close());

async function customer(name: string) {
  const { owner, number } = await createAccount(t, { owner: { name } });
  return { ...owner, cookie: await signIn(t.app, owner.email), number: number! };
}

async function send(cookie: string, recipientNumber: string) {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine' }, [{ name: 'a.pdf', bytes: pdf }]);
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}

const typesOf = async (faxId: string) =>
  (await t.db.select().from(faxEvents).where(eq(faxEvents.faxId, faxId)).orderBy(asc(faxEvents.createdAt))).map((e) => e.type);
const statusOf = async (faxId: string) => (await t.db.select({ status: faxes.status }).from(faxes).where(eq(faxes.id, faxId)))[0]?.status;

describe('the outbox of fax events (issue 18, item 1)', () => {
  it('records each state change once, in order, for the sent fax and for the copy that arrives', async () => {
    const sender = await customer('Events Sender');
    const recipient = await customer('Events Recipient');
    const faxId = await send(sender.cookie, recipient.number);
    expect(await typesOf(faxId)).toEqual(['fax.queued']);

    await expect.poll(() => statusOf(faxId), { timeout: 60_000, interval: 200 }).toBe('delivered');
    expect(await typesOf(faxId)).toEqual(['fax.queued', 'fax.sending', 'fax.delivered']);
    const [copy] = await t.db.select().from(faxes).where(eq(faxes.sourceFaxId, faxId));
    expect(await typesOf(copy!.id)).toEqual(['fax.received']);
    const [received] = await t.db.select().from(faxEvents).where(eq(faxEvents.faxId, copy!.id));
    expect(received).toMatchObject({ accountId: recipient.accountId, userId: null });

    // Every event is handed to its consumers by the relay, which the worker runs.
    await expect
      .poll(async () => (await t.db.select().from(faxEvents).where(isNull(faxEvents.dispatchedAt))).length, { timeout: 10_000 })
      .toBe(0);
    // Neither account has a webhook endpoint: no fan-out was queued for their events (decision 097).
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks.fan-out' AND data->>'eventId' IN
          (SELECT id::text FROM fax_events WHERE fax_id IN (${faxId}, ${copy!.id}))`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("hands the webhooks only the events their account's enabled endpoints subscribed to", async () => {
    const [listening, deaf, other] = await Promise.all([customer('Hooks On'), customer('Hooks Off'), customer('No Hooks')]);
    const endpoint = { url: 'https://example.com/hook', secret: 'unused here' };
    await t.db.insert(webhookEndpoints).values([
      { ...endpoint, accountId: listening.accountId, events: ['fax.delivered'] },
      { ...endpoint, accountId: deaf.accountId, events: ['fax.delivered', 'fax.failed'], enabled: false },
    ]);
    const event = (id: string, type: 'fax.delivered' | 'fax.failed', accountId: string) => ({ id, type, accountId });
    const wanted = await eventsWithSubscribers(t.db, [
      event('a', 'fax.delivered', listening.accountId),
      event('b', 'fax.failed', listening.accountId),
      event('c', 'fax.delivered', deaf.accountId),
      event('d', 'fax.delivered', other.accountId),
    ]);
    expect([...wanted]).toEqual(['a']);
  });

  it('records nothing for a change that leaves the status as it was (a retry waiting, a fax opened)', async () => {
    const sender = await customer('Events Retry');
    const faxId = await send(sender.cookie, SANDBOX_TEST_NUMBERS.busy);
    await expect.poll(() => statusOf(faxId), { timeout: 60_000, interval: 200 }).toBe('failed');
    // A busy number is tried 4 times: still one `fax.sending`, and one final event.
    expect(await typesOf(faxId)).toEqual(['fax.queued', 'fax.sending', 'fax.failed']);
    await t.db.update(faxes).set({ readAt: new Date() }).where(eq(faxes.id, faxId));
    expect(await typesOf(faxId)).toEqual(['fax.queued', 'fax.sending', 'fax.failed']);
    // The back office's bell hears of the failure.
    await expect
      .poll(
        async () =>
          t.db
            .select()
            .from(platformEvents)
            .where(and(eq(platformEvents.type, 'fax.failed'), eq(platformEvents.subjectId, faxId))),
        {
          timeout: 10_000,
        },
      )
      .toEqual([
        expect.objectContaining({ accountId: sender.accountId, details: { reason: 'busy', toNumber: SANDBOX_TEST_NUMBERS.busy } }),
      ]);
  }, 90_000);

  it('queues each consumer once per event, however often the relay runs over the same events', async () => {
    const sender = await customer('Events Twice');
    const faxId = await send(sender.cookie, SANDBOX_TEST_NUMBERS.busy);
    await expect.poll(() => statusOf(faxId), { timeout: 60_000, interval: 200 }).toBe('failed');
    await expect
      .poll(async () => (await t.db.select().from(faxEvents).where(isNull(faxEvents.dispatchedAt))).length, { timeout: 10_000 })
      .toBe(0);
    const jobsFor = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'events.platform-fax-failed' AND data->>'eventId' IN
              (SELECT id::text FROM fax_events WHERE fax_id = ${faxId})`,
        )
      ).rows[0]!.n;
    expect(await jobsFor()).toBe(1);
    // As if a relay died after queuing and before marking the batch: the same events are relayed again.
    await t.db.update(faxEvents).set({ dispatchedAt: null }).where(eq(faxEvents.faxId, faxId));
    // Here, or by the worker's own relay if its poll comes first: either way, they are relayed again. When the worker's
    // relay holds them, this one skips them (SKIP LOCKED) and returns before the other has marked them.
    await relayFaxEvents(t.db, t.env.queue, faxEventConsumers);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select()
              .from(faxEvents)
              .where(and(eq(faxEvents.faxId, faxId), isNull(faxEvents.dispatchedAt)))
          ).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    expect(await jobsFor()).toBe(1);
  }, 90_000);
});
