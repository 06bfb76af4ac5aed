import http from 'node:http';
import {
  ZAdminDashboard,
  ZAdminNumber,
  ZCreateApiKeyResponse,
  ZSendFaxResponse,
  ZSystemSettingsResponse,
  type TSystemSettingsValues,
} from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignalWireSimulator, type SignalWireSimulator } from '@test-support/carriers/signalwire';
import { startSinchSimulator, type SinchSimulator } from '@test-support/carriers/sinch';
import { makePdf } from '@test-support/factories/documents';
import { PDFDocument } from 'pdf-lib';
import { carrierEvents, faxAttempts, faxes } from '../../src/faxes/schema';
import { faxEvents } from '../../src/events/schema';
import { renderFaxOutcomeEmail } from '../../src/fax-emails/render-fax-emails';
import { translator } from '../../src/platform/i18n/i18n';
import { faxEventPayload } from '../../src/webhooks/payload';
import { callV1 } from '../support/api-keys';
import { faxNumbers } from '../../src/numbers/schema';
import { lineProfiles } from '../../src/line-profiles/schema';
import { createLogger } from '../../src/platform/logger';
import type { Carrier } from '../../src/lines/carriers/carrier';
import { orderCarrierNumber } from '../../src/numbers/carrier-numbers';
import { systemSettings } from '../../src/system-settings/schema';
import { unlimitedCustomer } from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { freePort } from '@test-support/faxline-process';
import { adminSession, callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// Carriers through the whole server: SignalWire takes +44 numbers and Sinch +33 ones, each the other's fallback. The
// app listens on a real port, so that each simulator fetches media links and posts its webhooks as the carrier would.
// Both carriers are configured as an operator does, in the back office's settings (decision 058): the environment
// says only where Sinch's API is (the simulator), and nothing else of theirs.
let t: TestApp;
let signalwire: SignalWireSimulator;
let sinch: SinchSimulator;
let cookie: string;
let admin: string;
let pdf: Buffer;
/** Everything the server logged, at debug level, through the production logger's redaction. */
const logs: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  [signalwire, sinch] = await Promise.all([startSignalWireSimulator(), startSinchSimulator()]);
  t = await openTestApp({
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, FAX_CLOCK_SCALE: '0.001', SINCH_API_URL: sinch.url, SINCH_NUMBERS_API_URL: sinch.url },
    logger: createLogger({ logLevel: 'debug', logPretty: false }, { write: (line: string) => void logs.push(line) }),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const sender = await unlimitedCustomer(t, 'Carrier Sender');
  cookie = await signIn(t.app, sender.email);
  admin = (await adminSession(t)).cookie;
  pdf = await makePdf(2);
  const saved = await saveSettings(carrierSettings());
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([signalwire?.close(), sinch?.close()]);
});

/** The carrier settings an operator types into the back office for the two simulated accounts. */
const carrierSettings = () => ({
  values: {
    signalwireSpaceUrl: signalwire.url,
    signalwireProjectId: signalwire.projectId,
    sinchProjectId: sinch.projectId,
    sinchKeyId: sinch.keyId,
    carrierRoutes: '+44=signalwire>sinch\n+33=sinch>signalwire',
  },
  secrets: {
    signalwireApiToken: signalwire.apiToken,
    signalwireSigningKey: signalwire.signingKey,
    sinchKeySecret: sinch.keySecret,
    sinchWebhookSecret: sinch.webhookSecret,
  },
});

/** PUT /api/admin/settings with the stored values changed by `values`, as the settings form saves. */
async function saveSettings(change: { values?: Partial<TSystemSettingsValues>; secrets?: Record<string, string> }, language?: string) {
  const stored = ZSystemSettingsResponse.parse((await asAdmin('GET', '/api/admin/settings')).json());
  return callApi(t.app, 'PUT', '/api/admin/settings', {
    cookie: admin,
    headers: { origin: t.config.publicUrl },
    payload: { values: { ...stored.values, ...change.values }, secrets: change.secrets ?? {} },
    ...(language ? { language } : {}),
  });
}

async function send(to: string): Promise<string> {
  const response = await sendFaxRequest(t.app, cookie, { recipientNumber: to, faxQuality: 'fine' }, [{ name: 'letter.pdf', bytes: pdf }], {
    origin: t.config.publicUrl,
  });
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}

async function until<T>(what: string, read: () => Promise<T | undefined | null>): Promise<T> {
  const by = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > by) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const finalFax = (faxId: string) =>
  until(`fax ${faxId} to end`, async () => {
    const [fax] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    return fax && ['delivered', 'partially_delivered', 'failed', 'canceled'].includes(fax.status) ? fax : null;
  });

/** A back-office request, from the app's address. */
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callApi(t.app, method, url, { cookie: admin, headers: { origin: t.config.publicUrl }, ...(payload ? { payload } : {}) });

const attemptsOf = (faxId: string) => t.db.select().from(faxAttempts).where(eq(faxAttempts.faxId, faxId)).orderBy(faxAttempts.number);

/** The back office finds a number at the carrier, orders it, and assigns it to a new customer, whose account then holds it. */
async function numberFromCarrier(carrier: 'signalwire' | 'sinch', country: string, areaCode: string) {
  const search = await asAdmin('GET', `/api/admin/carrier-numbers/search?carrier=${carrier}&country=${country}&areaCode=${areaCode}`);
  expect(search.statusCode, search.body).toBe(200);
  const phoneNumber = (search.json() as { numbers: Array<{ number: string }> }).numbers[0]!.number;
  const ordered = await asAdmin('POST', '/api/admin/carrier-numbers', { carrier, phoneNumber });
  expect(ordered.statusCode, ordered.body).toBe(201);
  const number = ZAdminNumber.parse(ordered.json());
  expect(number).toMatchObject({ phoneNumber, provider: carrier, status: 'available', fromCarrier: true });
  const receiver = await unlimitedCustomer(t, `${carrier} Receiver`);
  const assigned = await asAdmin('POST', `/api/admin/numbers/${number.id}/assign`, { userId: receiver.id });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { number, receiver };
}

const receivedFax = (callId: string) =>
  until(`received fax ${callId}`, async () => (await t.db.select().from(faxes).where(eq(faxes.inboundCallId, callId)))[0]);

describe('carrier settings in the back office', () => {
  it('shows each key only as set, with its last four characters, and stores it sealed', async () => {
    const response = await asAdmin('GET', '/api/admin/settings');
    const view = ZSystemSettingsResponse.parse(response.json());
    expect(view.carriersFromEnvironment).toBe(false);
    expect(view.values).toMatchObject(carrierSettings().values);
    for (const [name, secret] of Object.entries(carrierSettings().secrets)) {
      expect(view.secrets[name as keyof typeof view.secrets]).toEqual({ set: true, last4: secret.slice(-4) });
      expect(response.body).not.toContain(secret);
    }
    const [row] = await t.db.select().from(systemSettings);
    for (const secret of Object.values(carrierSettings().secrets)) expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('refuses a carrier given in part, and routes to a carrier without settings, on the field to fix: nothing changes', async () => {
    const before = await t.db.select().from(systemSettings);
    const partial = await saveSettings({ values: { telnyxConnectionId: '1234567890' } }, 'fr');
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({
      error: {
        code: 'errors.carrierSettingsIncomplete',
        message: expect.stringContaining('Telnyx'),
        issues: [{ path: 'body.secrets.telnyxApiKey', message: expect.stringContaining('Telnyx') }],
      },
    });
    const removed = await saveSettings({ secrets: { sinchKeySecret: '' } });
    expect(removed.json()).toMatchObject({ error: { issues: [{ path: 'body.secrets.sinchKeySecret' }] } });
    const unrouted = await saveSettings({ values: { carrierRoutes: '+1=telnyx' } });
    expect(unrouted.statusCode).toBe(400);
    expect(unrouted.json()).toMatchObject({
      error: { code: 'errors.carrierRouteUnconfigured', issues: [{ path: 'body.values.carrierRoutes' }] },
    });
    const malformed = await saveSettings({ values: { carrierRoutes: '+1=twilio' } });
    expect(malformed.statusCode).toBe(400);
    expect(await t.db.select().from(systemSettings)).toEqual(before);
  });

  it('takes a change at once: a carrier whose settings are cleared gets no webhooks and no numbers', async () => {
    const cleared = await saveSettings({
      values: { signalwireSpaceUrl: '', signalwireProjectId: '', carrierRoutes: '+33=sinch' },
      secrets: { signalwireApiToken: '', signalwireSigningKey: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    try {
      const webhook = await signalwire.sendWebhook(`${t.config.publicUrl}/api/carriers/signalwire/webhook?try=x`, { FaxSid: 'FXgone' });
      expect(webhook.status).toBe(404);
      // Said before the body is read: a body over the route's limit gets the same 404, not a 413.
      const large = await fetch(`${t.config.publicUrl}/api/carriers/telnyx/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(300 * 1024),
      });
      expect(large.status).toBe(404);
      expect((await asAdmin('GET', '/api/admin/carrier-numbers')).json()).toEqual({ carriers: ['sinch'] });
      // The send page's word on outside numbers follows too.
      expect((await asAdmin('GET', '/api/platform')).json()).toMatchObject({ outsideLine: ['+33'] });
      const search = await asAdmin('GET', '/api/admin/carrier-numbers/search?carrier=signalwire&country=US');
      expect(search.statusCode).toBe(400);
    } finally {
      const restored = await saveSettings(carrierSettings());
      expect(restored.statusCode, restored.body).toBe(200);
    }
    expect((await asAdmin('GET', '/api/admin/carrier-numbers')).json()).toEqual({ carriers: ['signalwire', 'sinch'] });
    expect((await asAdmin('GET', '/api/platform')).json()).toMatchObject({ outsideLine: ['+44', '+33'] });
  });

  it('keeps them when the other settings are reset to the defaults', async () => {
    const reset = await asAdmin('POST', '/api/admin/settings/reset');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(ZSystemSettingsResponse.parse(reset.json()).values).toMatchObject(carrierSettings().values);
  });
});

describe('SignalWire', () => {
  it('delivers a fax it fetched by its media link, its signed status callbacks ending the try', async () => {
    const faxId = await send('+442079460101');
    expect(await finalFax(faxId)).toMatchObject({ status: 'delivered', line: 'signalwire', pagesSent: 2 });
    const [attempt] = await attemptsOf(faxId);
    // SignalWire reports no time on the line: none is recorded, rather than a made-up 0.
    expect(attempt).toMatchObject({ line: 'signalwire', result: 'delivered', pagesSent: 2, durationMs: null });
    const sent = signalwire.faxes.find((fax) => fax.sid === attempt!.carrierFaxId)!;
    expect((await PDFDocument.load(sent.media!.bytes)).getPageCount()).toBe(2);
    // The carrier's delivery feeds the number's learned line settings (decision 120): no speed, but who delivered.
    const [profile] = await t.db.select().from(lineProfiles).where(eq(lineProfiles.toNumber, '+442079460101'));
    expect(profile).toMatchObject({ lastDeliveredLine: 'signalwire', deliveries: 1, startModem: 'v17', transport: null });
  }, 90_000);

  it('tries a busy number again on SignalWire (busy is no carrier error) and fails it as busy', async () => {
    signalwire.outcomeFor('+442079460102', { result: 'busy' });
    const faxId = await send('+442079460102');
    expect(await finalFax(faxId)).toMatchObject({ status: 'failed', failureReason: 'busy' });
    const attempts = await attemptsOf(faxId);
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.every((attempt) => attempt.line === 'signalwire' && attempt.result === 'busy')).toBe(true);
  }, 90_000);

  it("answers a fax call to a number ordered from it, and the fax lands in the customer's inbox", async () => {
    const { number, receiver } = await numberFromCarrier('signalwire', 'US', '312');
    const call = await signalwire.receive({ to: number.phoneNumber, from: '+13125550199', pdf: await makePdf(3) });
    expect(call.outcome).toBe('received');
    const fax = await receivedFax(`signalwire:${call.faxSid}`);
    expect(fax).toMatchObject({ accountId: receiver.accountId, direction: 'inbound', status: 'received', pages: 3, line: 'signalwire' });
  }, 90_000);

  it('rejects the call of a caller the account blocked: nothing is received', async () => {
    const { number, receiver } = await numberFromCarrier('signalwire', 'US', '312');
    const blocked = await callApi(t.app, 'POST', '/api/blocklist', {
      cookie: await signIn(t.app, receiver.email),
      payload: { prefix: '+1312555', note: 'spam' },
      headers: { origin: t.config.publicUrl },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const call = await signalwire.receive({ to: number.phoneNumber, from: '+13125550198', pdf });
    expect(call.outcome).toBe('rejected');
    expect(
      await t.db
        .select()
        .from(faxes)
        .where(eq(faxes.inboundCallId, `signalwire:${call.faxSid}`)),
    ).toEqual([]);
  }, 90_000);

  it('refuses a callback signed with another key (401), and stores nothing of it', async () => {
    const url = `${t.config.publicUrl}/api/carriers/signalwire/webhook?try=x`;
    const forged = await signalwire.sendWebhook(url, { FaxSid: 'FXforged', FaxStatus: 'delivered', NumPages: '1' }, { signWith: 'other' });
    expect(forged.status).toBe(401);
    expect(await t.db.select().from(carrierEvents).where(eq(carrierEvents.carrierFaxId, 'FXforged'))).toEqual([]);
  });
});

describe('Sinch', () => {
  it('delivers a fax, its one callback ending the try', async () => {
    const faxId = await send('+33142000101');
    expect(await finalFax(faxId)).toMatchObject({ status: 'delivered', line: 'sinch', pagesSent: 2 });
    expect(await attemptsOf(faxId)).toMatchObject([{ line: 'sinch', result: 'delivered', pagesSent: 2 }]);
  }, 90_000);

  it('fails a busy number as busy after the retry rules, every try on Sinch', async () => {
    sinch.outcomeFor('+33142000102', { result: 'failed', error: 'busy' });
    const faxId = await send('+33142000102');
    expect(await finalFax(faxId)).toMatchObject({ status: 'failed', failureReason: 'busy' });
    const attempts = await attemptsOf(faxId);
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.every((attempt) => attempt.line === 'sinch' && attempt.result === 'busy')).toBe(true);
  }, 90_000);

  it('ends the same way when its callback comes twice', async () => {
    sinch.webhookMode('duplicated');
    const faxId = await send('+33142000103');
    expect(await finalFax(faxId)).toMatchObject({ status: 'delivered', pagesSent: 2 });
    await sinch.settled();
    sinch.webhookMode('in-order');
    const attempts = await attemptsOf(faxId);
    expect(attempts.map((attempt) => [attempt.number, attempt.result])).toEqual([[1, 'delivered']]);
    expect(await t.db.select().from(carrierEvents).where(eq(carrierEvents.carrierFaxId, attempts[0]!.carrierFaxId!))).toHaveLength(1);
  }, 90_000);

  it("takes a fax received on a number ordered from it into the customer's inbox", async () => {
    const { number, receiver } = await numberFromCarrier('sinch', 'CA', '416');
    const inbound = await sinch.receive({ to: number.phoneNumber, from: '+14165550199', pdf: await makePdf(1) });
    expect(inbound.status).toBe(204);
    const fax = await receivedFax(`sinch:${inbound.faxId}`);
    expect(fax).toMatchObject({ accountId: receiver.accountId, status: 'received', pages: 1, line: 'sinch', fromNumber: '+14165550199' });
  }, 90_000);

  it('refuses a callback without the credentials of its URL (401), and stores nothing of it', async () => {
    const url = `${t.config.publicUrl}/api/carriers/sinch/webhook`;
    const body = { event: 'FAX_COMPLETED', fax: { id: 'forged-sinch', direction: 'OUTBOUND', status: 'COMPLETED', to: '+33142000109' } };
    for (const signWith of ['other', 'none'] as const) expect((await sinch.sendWebhook(url, body, { signWith })).status).toBe(401);
    expect(await t.db.select().from(carrierEvents).where(eq(carrierEvents.carrierFaxId, 'forged-sinch'))).toEqual([]);
  });

  it('refuses a callback without credentials before reading its body: one announcing 80 MB gets 401, not 413', async () => {
    const { port } = new URL(t.config.publicUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/carriers/sinch/webhook',
          headers: { 'content-type': 'application/json', 'content-length': 80 * 1024 * 1024 },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        },
      );
      request.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      request.write('{"event":');
    });
    expect(status).toBe(401);
  });
});

describe('failover', () => {
  it('sends the next try through the fallback when the primary answers 503: both tries are on the fax', async () => {
    sinch.failNextSends(503);
    const faxId = await send('+33142000104');
    expect(await finalFax(faxId)).toMatchObject({ status: 'delivered', line: 'signalwire', pagesSent: 2 });
    const attempts = await attemptsOf(faxId);
    expect(attempts.map((attempt) => [attempt.number, attempt.line, attempt.result])).toEqual([
      [1, 'sinch', 'carrier_outage'],
      [2, 'signalwire', 'delivered'],
    ]);
    // The back office sees it: Sinch's line error in the last hour, and each carrier's last fax through.
    const dashboard = ZAdminDashboard.parse((await asAdmin('GET', '/api/admin/dashboard')).json());
    const health = Object.fromEntries(dashboard.lines.map((line) => [line.name, line.health]));
    expect(health.sinch?.errorsLastHour).toBeGreaterThanOrEqual(1);
    expect(health.sinch!.triesLastHour).toBeGreaterThan(health.sinch!.errorsLastHour);
    expect(health.signalwire?.lastSuccessAt).not.toBeNull();
    expect(health.internal).toBeNull();
    expect(dashboard.carrierRoutes).toEqual([
      { prefix: '+44', primary: 'signalwire', fallback: 'sinch' },
      { prefix: '+33', primary: 'sinch', fallback: 'signalwire' },
    ]);
  }, 90_000);
});

describe('numbers from carriers', () => {
  it('searches a carrier, leaves out what the inventory has, orders once, and gives an unassigned number back', async () => {
    const search = await asAdmin('GET', '/api/admin/carrier-numbers/search?carrier=sinch&country=us&areaCode=212');
    expect(search.statusCode, search.body).toBe(200);
    const offers = (search.json() as { numbers: Array<{ number: string }> }).numbers;
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((offer) => offer.number.startsWith('+1212'))).toBe(true);
    const chosen = offers[0]!.number;
    const ordered = await asAdmin('POST', '/api/admin/carrier-numbers', { carrier: 'sinch', phoneNumber: chosen });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const again = await asAdmin('POST', '/api/admin/carrier-numbers', { carrier: 'sinch', phoneNumber: chosen });
    expect(again.statusCode).toBe(409);
    const searchedAgain = await asAdmin('GET', '/api/admin/carrier-numbers/search?carrier=sinch&country=US&areaCode=212');
    expect((searchedAgain.json() as { numbers: Array<{ number: string }> }).numbers.map((offer) => offer.number)).not.toContain(chosen);

    const id = ZAdminNumber.parse(ordered.json()).id;
    const given = await asAdmin('POST', `/api/admin/numbers/${id}/return`);
    expect(given.statusCode, given.body).toBe(200);
    expect(await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, chosen))).toEqual([]);
    // At Sinch a released number stays until its paid period ends: it has an end date now.
    expect(sinch.activeNumbers.find((number) => number.phoneNumber === chosen)?.expireAt).toEqual(expect.any(String));
  });

  it('refuses to give back an assigned number, or one no carrier sold; says a carrier outage as such, changing nothing', async () => {
    const { number } = await numberFromCarrier('signalwire', 'CA', '416');
    const assigned = await asAdmin('POST', `/api/admin/numbers/${number.id}/return`);
    expect(assigned.statusCode).toBe(409);
    // Its provider names the carrier it goes back to: it stays so.
    const renamed = await callApi(t.app, 'PATCH', `/api/admin/numbers/${number.id}`, {
      cookie: admin,
      headers: { origin: t.config.publicUrl },
      payload: { provider: 'faxline' },
      language: 'fr',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ error: { message: expect.stringContaining('SignalWire') } });
    const [own] = await t.db
      .select()
      .from(faxNumbers)
      .where(and(eq(faxNumbers.provider, 'faxline'), eq(faxNumbers.status, 'assigned')));
    const notCarriers = await asAdmin('POST', `/api/admin/numbers/${own!.id}/return`);
    expect(notCarriers.statusCode).toBe(409);

    const before = await t.db.select().from(faxNumbers);
    const unknown = await asAdmin('GET', '/api/admin/carrier-numbers/search?carrier=telnyx&country=US');
    expect(unknown.statusCode).toBe(400);
    const badCountry = await asAdmin('GET', '/api/admin/carrier-numbers/search?carrier=sinch&country=USA');
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json()).toMatchObject({ error: { message: expect.stringContaining('two-letter') } });
    expect(await t.db.select().from(faxNumbers)).toEqual(before);
  });

  it('orders a number once when two admins order it at the same moment: the other is told, no 500', async () => {
    const search = await asAdmin('GET', '/api/admin/carrier-numbers/search?carrier=sinch&country=CA&areaCode=514');
    const chosen = (search.json() as { numbers: Array<{ number: string }> }).numbers[0]!.number;
    const answers = await Promise.all(
      [0, 1].map(() => asAdmin('POST', '/api/admin/carrier-numbers', { carrier: 'sinch', phoneNumber: chosen })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([409, 422]).toContain(codes[1]);
    expect(await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, chosen))).toHaveLength(1);

    // A carrier that sells the number to both orders (both name the one number it holds for us): one row, one 409.
    const agreeable = { name: 'sinch', orderNumber: async () => ({ carrierNumberId: 'held-once' }) } as unknown as Carrier;
    const twice = await Promise.allSettled([0, 1].map(() => orderCarrierNumber(t.db, agreeable, '+15145550177', 'https://x.test/hook')));
    expect(twice.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = twice.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ type: 'conflict', messageKey: 'errors.numbersExist' });
  });

  it('is for the back office only', async () => {
    const search = await callApi(t.app, 'GET', '/api/admin/carrier-numbers/search?carrier=sinch&country=US', {
      cookie,
      headers: { origin: t.config.publicUrl },
    });
    expect([401, 403]).toContain(search.statusCode);
    const order = await callApi(t.app, 'POST', '/api/admin/carrier-numbers', {
      cookie,
      payload: { carrier: 'sinch', phoneNumber: '+12125550100' },
    });
    expect([401, 403]).toContain(order.statusCode);
  });
});

describe('logs', () => {
  it("keep the request's id on the jobs it queued, and on the jobs those queued", async () => {
    const response = await sendFaxRequest(
      t.app,
      cookie,
      { recipientNumber: '+33142000105', faxQuality: 'fine' },
      [{ name: 'a.pdf', bytes: pdf }],
      {
        origin: t.config.publicUrl,
      },
    );
    expect(response.statusCode, response.body).toBe(202);
    const requestId = String(response.headers['x-request-id']);
    await finalFax(ZSendFaxResponse.parse(response.json()).faxId);
    const jobsOfRequest = () =>
      logs
        .map((line) => JSON.parse(line) as { requestId?: string; job?: string; msg?: string })
        .filter((entry) => entry.requestId === requestId && entry.msg === 'job done')
        .map((entry) => entry.job);
    // Sent by the request: preparing the fax; queued by that job: the call through the carrier.
    await until('the jobs to be logged', async () => jobsOfRequest().includes('faxes.transmit'));
    expect(jobsOfRequest()).toContain('faxes.prepare');
  }, 90_000);

  it("hold none of the carriers' keys, after every fax, webhook and number above", () => {
    const text = logs.join('\n');
    // The workers' logs are there too, not only the requests'.
    expect(text).toContain('a fax received through a carrier');
    for (const secret of Object.values(carrierSettings().secrets)) expect(text).not.toContain(secret);
  });
});

describe('one failure language (decision 119)', () => {
  /** The webhook's body and the sender's e-mail for a fax that failed, as their consumers make them from its event. */
  async function webhookAndEmail(faxId: string) {
    const event = await until(`fax ${faxId}'s failed event`, async () => {
      const [row] = await t.db
        .select()
        .from(faxEvents)
        .where(and(eq(faxEvents.faxId, faxId), eq(faxEvents.type, 'fax.failed')));
      return row;
    });
    const webhook = JSON.parse((await faxEventPayload(t.db, event))!) as { data: { failure_reason: string; retryable: boolean } };
    const [fax] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    const email = renderFaxOutcomeEmail(fax!, 'fax.failed', { attempts: 1, durationMs: 0 }, false, {
      recipient: {
        address: 'sender@example.com',
        language: 'fr',
        name: null,
        timeZone: null,
        unsubscribe: { kind: 'person', userId: 'u', setting: 'faxSentConfirmation', language: 'fr' },
      },
      publicUrl: t.config.publicUrl,
      unsubscribeLink: `${t.config.publicUrl}/unsubscribe`,
      messageId: '<taxonomy@example.com>',
      timeZone: 'UTC',
    });
    return { webhook: webhook.data, email };
  }

  it('maps a representative failure of each carrier to its class, the raw code kept; webhook, e-mail and /v1 agree', async () => {
    // SignalWire: a far end that is not compatible (its fax engine's words); Sinch: a number the carrier will not call.
    signalwire.outcomeFor('+447700900611', { result: 'failed', errorCode: '8', errorMessage: 'Far end is not compatible' });
    sinch.outcomeFor('+33142000611', { result: 'failed', error: 'invalid_number' });
    // And an outage: Sinch answers 503 to every try of this one, and so does its fallback SignalWire, until the tries run out.
    const cases = [
      { to: '+447700900611', reason: 'remote_rejected', retryable: false, lineCode: 'failed 8 Far end is not compatible' },
      { to: '+33142000611', reason: 'carrier_refused', retryable: false, lineCode: 'CALL_ERROR:34' },
    ] as const;
    const created = await callApi(t.app, 'POST', '/api/api-keys', {
      cookie,
      headers: { origin: t.config.publicUrl },
      payload: { name: 'Taxonomy', scopes: ['faxes:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = ZCreateApiKeyResponse.parse(created.json());
    for (const expected of cases) {
      const faxId = await send(expected.to);
      const fax = await finalFax(faxId);
      expect(fax).toMatchObject({ status: 'failed', failureReason: expected.reason });
      const attempts = await attemptsOf(faxId);
      // Final classes are not tried again; the carrier's own code stays on the try for support.
      expect(attempts.map((a) => [a.result, a.lineCode])).toEqual([[expected.reason, expected.lineCode]]);
      const { webhook, email } = await webhookAndEmail(faxId);
      expect(webhook).toMatchObject({ failure_reason: expected.reason, retryable: expected.retryable });
      expect(email.headers).toMatchObject({
        'X-Faxline-Failure-Reason': expected.reason,
        'X-Faxline-Retryable': String(expected.retryable),
      });
      expect(email.text).toContain(translator('fr')(`failureReasons.${expected.reason}`));
      // /v1 says the class's sentence in the language asked for.
      const v1 = await callV1(t, secret, 'GET', `/v1/faxes/${faxId}`, { headers: { 'accept-language': 'es' } });
      expect(v1.json()).toMatchObject({
        failure_reason: expected.reason,
        retryable: expected.retryable,
        failure_message: translator('es')(`failureReasons.${expected.reason}`),
      });
    }
  });

  it('counts a carrier that cannot be reached as an outage, retried on the fallback, and says it retryable', async () => {
    sinch.failNextSends(503, 10);
    signalwire.failNextSends(503, 10);
    const faxId = await send('+33142000612');
    const fax = await finalFax(faxId);
    expect(fax).toMatchObject({ status: 'failed', failureReason: 'carrier_outage' });
    const attempts = await attemptsOf(faxId);
    // One try and the 3 more the rules give an outage, alternating between the route's two carriers.
    expect(attempts.map((a) => [a.line, a.result, a.lineCode])).toEqual([
      ['sinch', 'carrier_outage', 'unreachable'],
      ['signalwire', 'carrier_outage', 'unreachable'],
      ['sinch', 'carrier_outage', 'unreachable'],
      ['signalwire', 'carrier_outage', 'unreachable'],
    ]);
    const { webhook, email } = await webhookAndEmail(faxId);
    expect(webhook).toMatchObject({ failure_reason: 'carrier_outage', retryable: true });
    expect(email.headers).toMatchObject({ 'X-Faxline-Failure-Reason': 'carrier_outage', 'X-Faxline-Retryable': 'true' });
    sinch.failNextSends(503, 0);
    signalwire.failNextSends(503, 0);
  });
});
