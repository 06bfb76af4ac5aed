import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelnyxSimulator, type TelnyxSimulator } from '@test-support/carriers/telnyx';
import { makePdf } from '@test-support/factories/documents';
import { CarrierRefused, CarrierUnavailable, type WebhookRequest } from '../../src/lines/carriers/carrier';
import {
  failureClassOf,
  isTelnyxSignatureValid,
  submitTelnyxFax,
  TELNYX_FAILURE_CLASSES,
  telnyxCarrier,
  ZTelnyxEvent,
  type TelnyxSettings,
} from '../../src/lines/carriers/telnyx';
import { startCarrierCounterpart, type CarrierCounterpart } from '../support/carrier-counterpart';

// Groundwork: Faxline's Telnyx adapter against the simulator that follows Telnyx's reference. The
// simulator fetches the media from a local server and posts its signed webhooks to a local receiver.
let simulator: TelnyxSimulator;
let counterpart: CarrierCounterpart;
let base: string;
let arrived: WebhookRequest[];
let pdf: Buffer;

beforeAll(async () => {
  pdf = await makePdf(3);
  counterpart = await startCarrierCounterpart(() => pdf);
  ({ base, arrived } = counterpart);
  simulator = await startTelnyxSimulator({ webhookUrl: `${base}/hooks` });
});
afterAll(async () => {
  await simulator?.close();
  await counterpart?.close();
});

const settings = (): TelnyxSettings => ({
  apiUrl: simulator.url,
  apiV2Key: simulator.apiKey,
  connectionId: simulator.connectionId,
  publicKey: simulator.publicKey,
});

const send = (to: string, overrides: Partial<TelnyxSettings> = {}) =>
  submitTelnyxFax(
    { ...settings(), ...overrides },
    {
      mediaUrl: `${base}/media/fax.pdf`,
      to,
      from: '+15550100001',
      quality: 'fine',
      webhookUrl: `${base}/hooks`,
      tryRef: 'faxline:fax-1:1',
    },
  );

const eventsOf = (faxId: string) =>
  arrived
    .map((hook) => ({ hook, event: ZTelnyxEvent.parse(JSON.parse(hook.rawBody.toString())) }))
    .filter((e) => e.event.data.payload.fax_id === faxId);

describe('the Telnyx adapter', () => {
  it('sends a fax Telnyx fetches by its media link, and reads its signed webhooks to the end', async () => {
    const faxId = await send('+15550109999');
    await simulator.settled();
    const sent = simulator.faxes.find((fax) => fax.id === faxId)!;
    expect(sent.request).toMatchObject({ connection_id: simulator.connectionId, quality: 'high', to: '+15550109999' });
    expect(Buffer.from(String(sent.request.client_state), 'base64').toString()).toBe('faxline:fax-1:1');
    expect(sent.media?.bytes.equals(pdf)).toBe(true);
    const events = eventsOf(faxId);
    expect(events.map((e) => e.event.data.event_type)).toEqual([
      'fax.queued',
      'fax.media.processed',
      'fax.sending.started',
      'fax.delivered',
    ]);
    for (const { hook } of events) expect(isTelnyxSignatureValid(simulator.publicKey, hook.headers, hook.rawBody)).toBe(true);
    expect(events.at(-1)!.event.data.payload).toMatchObject({ page_count: 3, status: 'delivered' });
    // In Faxline's words: the steps on the way, then the end, each naming the try it was sent for.
    const carrier = telnyxCarrier(settings());
    const reports = events.map(({ hook }) => carrier.reportOf({ url: `${base}/hooks`, headers: hook.headers, rawBody: hook.rawBody }));
    expect(reports.map((report) => report?.kind)).toEqual(['progress', 'progress', 'progress', 'delivered']);
    expect(reports.at(-1)).toMatchObject({ carrierFaxId: faxId, tryRef: 'faxline:fax-1:1', pages: 3 });
    expect(new Set(reports.map((report) => report?.eventId)).size).toBe(4);
  });

  it('reads every failure_reason of its table as the simulator sends it: its class, and the reason kept as the code', async () => {
    const codes = Object.entries(TELNYX_FAILURE_CLASSES);
    const sent: Array<[string, string, string]> = [];
    for (const [i, [code, reason]] of codes.entries()) {
      const to = `+1555011${String(i).padStart(4, '0')}`;
      simulator.outcomeFor(to, { result: 'failed', failureReason: code });
      sent.push([await send(to), code, reason]);
    }
    await simulator.settled();
    const carrier = telnyxCarrier(settings());
    for (const [faxId, code, reason] of sent) {
      const { hook } = eventsOf(faxId).at(-1)!;
      expect(carrier.reportOf({ url: `${base}/hooks`, headers: hook.headers, rawBody: hook.rawBody })).toMatchObject({
        kind: 'failed',
        reason,
        lineCode: code,
      });
    }
  });

  it('classes a busy line as busy, and unknown reasons as line errors', async () => {
    simulator.outcomeFor('+15550108888', { result: 'failed', failureReason: 'user_busy' });
    const faxId = await send('+15550108888');
    await simulator.settled();
    const final = eventsOf(faxId).at(-1)!.event.data;
    expect(final.event_type).toBe('fax.failed');
    expect(failureClassOf(final.payload.failure_reason)).toBe('busy');
    const hook = eventsOf(faxId).at(-1)!.hook;
    expect(telnyxCarrier(settings()).reportOf({ url: `${base}/hooks`, headers: hook.headers, rawBody: hook.rawBody })).toMatchObject({
      kind: 'failed',
      reason: 'busy',
    });
    expect(failureClassOf('receiver_no_answer')).toBe('no_answer');
    expect(failureClassOf('something_new')).toBe('line_quality');
    expect(failureClassOf(null)).toBe('line_quality');
  });

  it('refuses a webhook signed with another key, an old one, or one whose body was changed', async () => {
    const payload = { data: { event_type: 'fax.delivered', id: crypto.randomUUID(), payload: { fax_id: 'x' } } };
    const other = await simulator.sendWebhook(`${base}/hooks`, payload, { signWith: 'other' });
    const old = await simulator.sendWebhook(`${base}/hooks`, payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const good = await simulator.sendWebhook(`${base}/hooks`, payload);
    const headersOf = (sent: { timestamp: string; signature: string }) => ({
      'telnyx-timestamp': sent.timestamp,
      'telnyx-signature-ed25519': sent.signature,
    });
    expect(isTelnyxSignatureValid(simulator.publicKey, headersOf(other), Buffer.from(other.body))).toBe(false);
    expect(isTelnyxSignatureValid(simulator.publicKey, headersOf(old), Buffer.from(old.body))).toBe(false);
    expect(isTelnyxSignatureValid(simulator.publicKey, headersOf(good), Buffer.from(good.body))).toBe(true);
    expect(isTelnyxSignatureValid(simulator.publicKey, headersOf(good), Buffer.from(`${good.body} `))).toBe(false);
    expect(isTelnyxSignatureValid(simulator.publicKey, {}, Buffer.from(good.body))).toBe(false);
  });

  it('tells a refusal (4xx) from an outage (5xx, nothing listening)', async () => {
    await expect(send('+15550107777', { apiV2Key: 'wrong' })).rejects.toBeInstanceOf(CarrierRefused);
    simulator.failNextSends(503);
    await expect(send('+15550107777')).rejects.toBeInstanceOf(CarrierUnavailable);
    await expect(send('+15550107777', { apiUrl: 'http://127.0.0.1:1' })).rejects.toBeInstanceOf(CarrierUnavailable);
  });
});
