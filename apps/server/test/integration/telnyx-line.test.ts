import { ZSendFaxResponse, ZSystemSettingsResponse } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelnyxSimulator, type TelnyxSimulator } from '@test-support/carriers/telnyx';
import { makePdf } from '@test-support/factories/documents';
import { PDFDocument } from 'pdf-lib';
import { readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { auditEvents } from '../../src/audit/schema';
import { carrierEvents, faxAttempts, faxes } from '../../src/faxes/schema';
import { createFax } from '@test-support/factories/faxes';
import { transmitFaxJob } from '../../src/faxes/jobs/transmit-fax';
import { unlimitedCustomer } from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { freePort } from '@test-support/faxline-process';
import { adminSession, callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// Telnyx (decision 056): faxes to +44 numbers go out through Telnyx, here its simulator. The app listens on
// a real port, so that the simulator fetches each fax's media link and posts its signed webhooks as Telnyx would.
let t: TestApp;
let simulator: TelnyxSimulator;
let cookie: string;
let senderAccountId: string;
let pdf: Buffer;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  simulator = await startTelnyxSimulator({ webhookUrl: `${publicUrl}/api/carriers/telnyx/webhook` });
  t = await openTestApp({
    env: {
      PUBLIC_URL: publicUrl,
      FAX_CLOCK_SCALE: '0.001',
      TELNYX_API_URL: simulator.url,
      TELNYX_API_KEY: simulator.apiKey,
      TELNYX_CONNECTION_ID: simulator.connectionId,
      TELNYX_PUBLIC_KEY: simulator.publicKey,
      CARRIER_ROUTES: '+44=telnyx',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const sender = await unlimitedCustomer(t, 'Telnyx Sender');
  cookie = await signIn(t.app, sender.email);
  senderAccountId = sender.accountId;
  pdf = await makePdf(2);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

async function send(to: string): Promise<string> {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber: to, faxQuality: 'fine' }, [{ name: 'letter.pdf', bytes: pdf }], {
    origin: t.config.publicUrl,
  });
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}

async function finalFax(faxId: string) {
  const by = Date.now() + 60_000;
  for (;;) {
    const [fax] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    if (fax && ['delivered', 'partially_delivered', 'failed', 'canceled'].includes(fax.status)) return fax;
    if (Date.now() > by) throw new Error(`fax ${faxId} is still ${fax?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const attemptsOf = (faxId: string) => t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId)).orderBy(faxAttempts.number);

/** Telnyx's fax.delivered webhook for a fax's first try, which it names by its client state. */
const firstTryDelivered = (faxId: string, telnyxFaxId: string, more: Record<string, unknown> = {}) =>
  simulator.sendWebhook(`${t.config.publicUrl}/api/carriers/telnyx/webhook`, {
    data: {
      event_type: 'fax.delivered',
      id: crypto.randomUUID(),
      occurred_at: new Date().toISOString(),
      record_type: 'event',
      payload: {
        fax_id: telnyxFaxId,
        status: 'delivered',
        page_count: 1,
        ...more,
        client_state: Buffer.from(`faxline:${faxId}:1`).toString('base64'),
      },
    },
  });
describe('the Telnyx line', () => {
  it('hands the fax to Telnyx with a media link, and its signed webhooks deliver it', async () => {
    const faxId = await send('+442079460001');
    const fax = await finalFax(faxId);
    expect(fax).toMatchObject({ status: 'delivered', line: 'telnyx', pagesSent: 2 });
    const [attempt] = await attemptsOf(faxId);
    const sent = simulator.faxes.find((candidate) => candidate.id === attempt!.carrierFaxId)!;
    expect(attempt).toMatchObject({ line: 'telnyx', result: 'delivered', pagesSent: 2 });
    expect(sent.request).toMatchObject({ to: '+442079460001', quality: 'high', connection_id: simulator.connectionId });
    // Telnyx fetched the try's pages through its media link: the fax image as Faxline sends it, each page under the
    // account's header line (kept on the try, its proof), two pages; and the audit trail says so.
    expect(String(sent.request.media_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/[\w-]{54}$/);
    expect(sent.media?.status).toBe(200);
    expect((await PDFDocument.load(sent.media!.bytes)).getPageCount()).toBe(2);
    expect(attempt!.imageKey).not.toBeNull();
    const handed = Buffer.from(await t.files.get(attempt!.imageKey!));
    const rendered = Buffer.from(await t.files.get(fax.imageKey!));
    expect(handed.equals(rendered)).toBe(false);
    expect(readTiffPages(handed)).toHaveLength(2);
    const fetched = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faxId), eq(auditEvents.action, 'fax.media_fetched')));
    expect(fetched).toHaveLength(1);
    const events = await t.db.select().from(carrierEvents).where(eq(carrierEvents.carrierFaxId, sent.id));
    expect(events.map((event) => event.type).sort()).toEqual(['fax.delivered', 'fax.media.processed', 'fax.queued', 'fax.sending.started']);
  }, 90_000);

  it('tries a busy number again by the retry rules and fails it as busy', async () => {
    simulator.outcomeFor('+442079460002', { result: 'failed', failureReason: 'user_busy' });
    const faxId = await send('+442079460002');
    const fax = await finalFax(faxId);
    expect(fax).toMatchObject({ status: 'failed', failureReason: 'busy' });
    const attempts = await attemptsOf(faxId);
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.every((attempt) => attempt.line === 'telnyx' && attempt.result === 'busy' && attempt.carrierFaxId)).toBe(true);
  }, 90_000);

  it('ends the same way when the webhooks come twice or out of order', async () => {
    const ends = [];
    for (const mode of ['duplicated', 'reordered'] as const) {
      simulator.webhookMode(mode);
      const faxId = await send(`+44207946001${mode === 'duplicated' ? 1 : 2}`);
      const fax = await finalFax(faxId);
      await simulator.settled();
      const attempts = await attemptsOf(faxId);
      ends.push({ status: fax.status, pagesSent: fax.pagesSent, attempts: attempts.map((a) => [a.number, a.result, a.pagesSent]) });
      const stored = await t.db.select().from(carrierEvents).where(eq(carrierEvents.carrierFaxId, attempts[0]!.carrierFaxId!));
      expect(stored).toHaveLength(4);
    }
    simulator.webhookMode('in-order');
    expect(ends).toEqual([
      { status: 'delivered', pagesSent: 2, attempts: [[1, 'delivered', 2]] },
      { status: 'delivered', pagesSent: 2, attempts: [[1, 'delivered', 2]] },
    ]);
  }, 90_000);

  it('refuses a webhook signed with another key or too long ago (401), and stores nothing of it', async () => {
    const url = `${t.config.publicUrl}/api/carriers/telnyx/webhook`;
    const event = (id: string) => ({
      data: { event_type: 'fax.delivered', id, occurred_at: new Date().toISOString(), payload: { fax_id: 'forged' }, record_type: 'event' },
    });
    const forged = await simulator.sendWebhook(url, event('forged-1'), { signWith: 'other' });
    const replayed = await simulator.sendWebhook(url, event('forged-2'), { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect([forged.status, replayed.status]).toEqual([401, 401]);
    expect(await t.db.select().from(carrierEvents).where(eq(carrierEvents.carrierFaxId, 'forged'))).toEqual([]);
  });

  it('never hands a try to Telnyx twice: a run again after a kill waits for the webhooks, which end it', async () => {
    // A try handed over, whose worker died before Telnyx reported: the fax is sending, the attempt open.
    const fax = await createFax(t, { accountId: senderAccountId, status: 'sending', toNumber: '+442079460004' });
    await t.db.update(faxes).set({ line: 'telnyx' }).where(eq(faxes.id, fax.id));
    await t.db.insert(faxAttempts).values({ faxId: fax.id, number: 1, line: 'telnyx', carrierFaxId: 'held-by-telnyx' });
    const asked = simulator.requests;
    await t.env.queue.send(transmitFaxJob, { faxId: fax.id, attempt: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(simulator.requests).toBe(asked);
    expect((await attemptsOf(fax.id))[0]).toMatchObject({ endedAt: null, carrierFaxId: 'held-by-telnyx' });
    // Telnyx's final webhook, naming the try by its client state, ends it.
    const delivered = await firstTryDelivered(fax.id, 'held-by-telnyx', { call_duration_secs: 31 });
    expect(delivered.status).toBe(204);
    expect(await finalFax(fax.id)).toMatchObject({ status: 'delivered', pagesSent: 1 });
    expect(await attemptsOf(fax.id)).toMatchObject([{ result: 'delivered', durationMs: 31_000 }]);
  }, 60_000);

  it('a run again after a kill mid-hand-over (no carrier id kept) makes no second try: the late webhook ends it', async () => {
    // The worker died after Telnyx may have taken the fax, before its id was kept: only the try's reference can tell.
    const fax = await createFax(t, { accountId: senderAccountId, status: 'sending', toNumber: '+442079460005' });
    await t.db.update(faxes).set({ line: 'telnyx' }).where(eq(faxes.id, fax.id));
    await t.db.insert(faxAttempts).values({ faxId: fax.id, number: 1, line: 'telnyx' });
    const asked = simulator.requests;
    await t.env.queue.send(transmitFaxJob, { faxId: fax.id, attempt: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(simulator.requests).toBe(asked);
    expect(await attemptsOf(fax.id)).toMatchObject([{ number: 1, endedAt: null }]);
    const delivered = await firstTryDelivered(fax.id, 'taken-by-telnyx');
    expect(delivered.status).toBe(204);
    expect(await finalFax(fax.id)).toMatchObject({ status: 'delivered' });
    expect(await attemptsOf(fax.id)).toMatchObject([{ number: 1, result: 'delivered' }]);
  }, 60_000);

  it('counts Telnyx answering 503 as a carrier outage (decision 119), and the next try goes out', async () => {
    simulator.failNextSends(503);
    const faxId = await send('+442079460003');
    const fax = await finalFax(faxId);
    expect(fax.status).toBe('delivered');
    const attempts = await attemptsOf(faxId);
    expect(attempts.map((attempt) => [attempt.result, attempt.carrierFaxId === null])).toEqual([
      ['carrier_outage', true],
      ['delivered', false],
    ]);
    expect(attempts[0]!.lineCode).toBe('unreachable');
  }, 90_000);

  it("takes a fax Telnyx received on a customer's number into that customer's inbox, once", async () => {
    const receiver = await unlimitedCustomer(t, 'Telnyx Receiver');
    const document = await makePdf(3);
    const received = await simulator.receive({ to: receiver.number, from: '+442079460077', pdf: document });
    expect(received.status).toBe(204);
    const callId = `telnyx:${received.faxId}`;
    const by = Date.now() + 60_000;
    let [fax] = await t.db.select().from(faxes).where(eq(faxes.inboundCallId, callId));
    while (!fax && Date.now() < by) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [fax] = await t.db.select().from(faxes).where(eq(faxes.inboundCallId, callId));
    }
    expect(fax).toMatchObject({
      accountId: receiver.accountId,
      direction: 'inbound',
      status: 'received',
      fromNumber: '+442079460077',
      toNumber: receiver.number,
      pages: 3,
      line: 'telnyx',
    });
    // What the inbox keeps is the fax image drawn again: a PDF of its own, not the bytes Telnyx served.
    const stored = Buffer.from(await t.files.get(fax!.documentKey!));
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.equals(document)).toBe(false);
    // Telnyx delivering the same webhook again stores nothing more.
    const [event] = await t.db.select().from(carrierEvents).where(eq(carrierEvents.carrierFaxId, received.faxId));
    const again = await simulator.sendWebhook(`${t.config.publicUrl}/api/carriers/telnyx/webhook`, {
      data: {
        event_type: 'fax.received',
        id: event!.eventId,
        occurred_at: new Date().toISOString(),
        record_type: 'event',
        payload: { fax_id: received.faxId, to: receiver.number, from: '+442079460077', media_url: received.mediaUrl, status: 'received' },
      },
    });
    expect(again.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await t.db.select().from(faxes).where(eq(faxes.inboundCallId, callId))).toHaveLength(1);
  }, 90_000);
});

describe('carriers configured by the environment', () => {
  it('are in force: the back office shows so and refuses to change the carrier settings it would not use', async () => {
    const admin = await adminSession(t);
    const asAdmin = (method: 'GET' | 'PUT', payload?: object) =>
      callApi(t.app, method, '/api/admin/settings', {
        cookie: admin.cookie,
        headers: { origin: t.config.publicUrl },
        ...(payload ? { payload } : {}),
      });
    const stored = ZSystemSettingsResponse.parse((await asAdmin('GET')).json());
    expect(stored.carriersFromEnvironment).toBe(true);

    const changed = await asAdmin('PUT', { values: { ...stored.values, carrierRoutes: 'all=telnyx' } });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({
      error: { code: 'errors.carriersFromEnvironment', issues: [{ path: 'body.values.carrierRoutes' }] },
    });
    const keyed = await asAdmin('PUT', { values: stored.values, secrets: { telnyxApiKey: 'KEY-from-the-back-office' } });
    expect(keyed.json()).toMatchObject({ error: { issues: [{ path: 'body.secrets.telnyxApiKey' }] } });
    // The other settings still save.
    const other = await asAdmin('PUT', { values: { ...stored.values, siteName: 'Faxline Telnyx' } });
    expect(other.statusCode, other.body).toBe(200);
  });
});
