import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSinchSimulator, type SinchErrorType, type SinchSimulator } from '@test-support/carriers/sinch';
import { makePdf } from '@test-support/factories/documents';
import {
  CarrierRefused,
  CarrierUnavailable,
  MalformedWebhook,
  tryRefOf,
  type Carrier,
  type WebhookRequest,
} from '../../src/lines/carriers/carrier';
import {
  failureClassOf,
  SINCH_ERROR_TYPE_CLASSES,
  SINCH_FAILURE_CLASSES,
  SINCH_TRY_LABEL,
  sinchCarrier,
  type SinchSettings,
} from '../../src/lines/carriers/sinch';
import { startCarrierCounterpart, type CarrierCounterpart } from '../support/carrier-counterpart';

// Faxline's Sinch adapter against the simulator that follows Sinch's Fax API v3 and Numbers API
// references. The simulator fetches the media from a local server and posts its callbacks to a local receiver.
let simulator: SinchSimulator;
let counterpart: CarrierCounterpart;
let base: string;
let arrived: WebhookRequest[];
let pdf: Buffer;
const WEBHOOK_SECRET = 'webhook-secret-for-the-test';

beforeAll(async () => {
  pdf = await makePdf(3);
  counterpart = await startCarrierCounterpart(() => pdf);
  ({ base, arrived } = counterpart);
  simulator = await startSinchSimulator({ retryDelayMs: 10, stepDelayMs: 1 });
});
afterAll(async () => {
  await simulator?.close();
  await counterpart?.close();
});
beforeEach(() => simulator.webhookMode('in-order'));

const settings = (overrides: Partial<SinchSettings> = {}): SinchSettings => ({
  apiUrl: simulator.url,
  numbersApiUrl: simulator.url,
  projectId: simulator.projectId,
  keyId: simulator.keyId,
  keySecret: simulator.keySecret,
  webhookSecret: WEBHOOK_SECRET,
  ...overrides,
});
const carrier = (overrides: Partial<SinchSettings> = {}): Carrier => sinchCarrier(settings(overrides));

const faxId = randomUUID();
const send = (to: string, overrides: Partial<SinchSettings> = {}, attempt = 1) =>
  carrier(overrides).send({
    mediaUrl: `${base}/media/fax.pdf`,
    to,
    from: '+15550100001',
    quality: 'fine',
    webhookUrl: `${base}/api/carriers/sinch/webhook?source=test`,
    tryRef: tryRefOf(faxId, attempt),
  });

const callbacksOf = (carrierFaxId: string) =>
  arrived.filter((hook) => {
    try {
      return (JSON.parse(hook.rawBody.toString()) as { fax?: { id?: string } }).fax?.id === carrierFaxId;
    } catch {
      return false;
    }
  });

describe('the Sinch adapter', () => {
  it('sends a fax Sinch fetches by its media link, and reads its one authenticated callback as delivered', async () => {
    const id = await send('+15550109999');
    await simulator.settled();
    const sent = simulator.faxes.find((fax) => fax.id === id)!;
    expect(sent.request).toMatchObject({
      to: '+15550109999',
      from: '+15550100001',
      contentUrl: `${base}/media/fax.pdf`,
      callbackUrlContentType: 'application/json',
      resolution: 'FINE',
      labels: { [SINCH_TRY_LABEL]: tryRefOf(faxId, 1) },
      maxRetries: 0,
    });
    expect(sent.request.serviceId).toBeUndefined();
    expect(sent.document?.equals(pdf)).toBe(true);

    const [hook, ...more] = callbacksOf(id);
    expect(more).toHaveLength(0);
    expect(hook!.url).toBe(`${base}/api/carriers/sinch/webhook?source=test`);
    expect(carrier().isAuthentic(hook!)).toBe(true);
    expect(carrier().reportOf(hook!)).toEqual({
      kind: 'delivered',
      eventId: `${id}:FAX_COMPLETED:COMPLETED`,
      type: 'FAX_COMPLETED',
      carrierFaxId: id,
      tryRef: tryRefOf(faxId, 1),
      pages: 3,
      durationMs: null,
    });
  });

  it('sends through the configured fax service, at 400 dpi for superfine', async () => {
    const id = await carrier({ serviceId: simulator.serviceId }).send({
      mediaUrl: `${base}/media/fax.pdf`,
      to: '+15550109998',
      from: '+15550100001',
      quality: 'superfine',
      webhookUrl: `${base}/hooks`,
      tryRef: tryRefOf(faxId, 2),
    });
    expect(simulator.faxes.find((fax) => fax.id === id)!.request).toMatchObject({
      serviceId: simulator.serviceId,
      resolution: 'SUPERFINE',
    });
    await expect(send('+15550109997', { serviceId: 'NOSUCHSERVICE' })).rejects.toBeInstanceOf(CarrierRefused);
    await simulator.settled();
  });

  it('reads every documented type and code of its table as the simulator sends it, the type and code kept as the code', async () => {
    const errors = [
      ...Object.entries(SINCH_FAILURE_CLASSES).map(([key, reason]) => [key.split(':')[0]!, Number(key.split(':')[1]), reason] as const),
      ...Object.entries(SINCH_ERROR_TYPE_CLASSES).map(([type, reason]) => [type, 999, reason] as const),
    ];
    const sent: Array<[string, string, string]> = [];
    for (const [i, [errorType, errorCode, reason]] of errors.entries()) {
      const to = `+1555012${String(i).padStart(4, '0')}`;
      simulator.outcomeFor(to, {
        result: 'failed',
        error: { errorType: errorType as SinchErrorType, errorCode, errorMessage: 'documented' },
      });
      sent.push([await send(to), `${errorType}:${errorCode}`, reason]);
    }
    await simulator.settled();
    for (const [id, code, reason] of sent)
      expect(carrier().reportOf(callbacksOf(id)[0]!)).toMatchObject({ kind: 'failed', reason, lineCode: code });
  });

  it('classes a busy line as busy, and each documented failure in its class', async () => {
    const cases = [
      ['+15550108881', 'busy', 'busy', 'CALL_ERROR 17 Busy'],
      ['+15550108882', 'no_answer', 'no_answer', 'CALL_ERROR 16 Ring Timeout'],
      ['+15550108883', 'not_a_fax_machine', 'not_a_fax_machine', 'FAX_ERROR 132 No fax tone detected'],
      ['+15550108884', 'invalid_number', 'carrier_refused', 'CALL_ERROR 34 Phone number not operational'],
      ['+15550108885', 'call_dropped', 'line_quality', 'CALL_ERROR 11 The call dropped prematurely'],
    ] as const;
    for (const [to, error] of cases) simulator.outcomeFor(to, { result: 'failed', error, pagesSent: 1 });
    const ids = [];
    for (const [to] of cases) ids.push(await send(to));
    await simulator.settled();
    for (const [i, [, , reason, words]] of cases.entries()) {
      const [hook] = callbacksOf(ids[i]!);
      expect(carrier().reportOf(hook!)).toEqual({
        kind: 'failed',
        eventId: `${ids[i]}:FAX_COMPLETED:FAILURE`,
        type: 'FAX_COMPLETED',
        carrierFaxId: ids[i],
        tryRef: tryRefOf(faxId, 1),
        reason,
        lineCode: words.split(' ').slice(0, 2).join(':'),
        detail: `Sinch fax ${ids[i]}: ${words}`,
        pages: 1,
        durationMs: null,
      });
    }
    expect(failureClassOf('CALL_ERROR', 49)).toBe('carrier_refused');
    expect(failureClassOf('DOCUMENT_CONVERSION_ERROR', 133)).toBe('carrier_refused');
    expect(failureClassOf('FAX_ERROR', 133)).toBe('line_quality');
    expect(failureClassOf('GENERAL_ERROR', 1)).toBe('carrier_outage');
    expect(failureClassOf('SOMETHING_NEW', 17)).toBe('line_quality');
    expect(failureClassOf(null, null)).toBe('line_quality');
  });

  it('reads a callback delivered twice, or late again, as one event', async () => {
    simulator.webhookMode('duplicated');
    const id = await send('+15550107771');
    await simulator.settled();
    const hooks = callbacksOf(id);
    expect(hooks).toHaveLength(2);
    const [first, second] = hooks.map((hook) => carrier().reportOf(hook));
    expect(second).toEqual(first);
    expect(first!.eventId).toBe(`${id}:FAX_COMPLETED:COMPLETED`);

    simulator.webhookMode('reordered');
    const late = await send('+15550107772');
    await simulator.faxes.find((fax) => fax.id === late)!.done;
    const next = await send('+15550107773');
    await simulator.settled();
    // Each callback, then a retried copy of it after the next fax's: the stale copy changes nothing.
    const order = arrived.slice(-4).map((hook) => carrier().reportOf(hook)!);
    expect(order.map((report) => report.carrierFaxId)).toEqual([late, next, late, next]);
    expect(order[2]).toEqual(order[0]);
    expect(order[3]).toEqual(order[1]);
  });

  it('refuses a callback with other credentials, none, or another secret; Basic credentials do not cover the body', async () => {
    const id = await send('+15550106661');
    await simulator.settled();
    const [hook] = callbacksOf(id);
    expect(carrier().isAuthentic(hook!)).toBe(true);
    expect(carrier({ webhookSecret: 'another-secret' }).isAuthentic(hook!)).toBe(false);

    const body = hook!.rawBody.toString();
    const before = arrived.length;
    await simulator.sendWebhook(`${base}/hooks/other`, body, { signWith: 'other' });
    await simulator.sendWebhook(`${base}/hooks/none`, body, { signWith: 'none' });
    const [other, none] = arrived.slice(before);
    expect(other!.headers.authorization).toMatch(/^Basic /);
    expect(carrier().isAuthentic(other!)).toBe(false);
    expect(carrier().isAuthentic(none!)).toBe(false);
    const lookalike = (authorization: string): IncomingHttpHeaders => ({ ...hook!.headers, authorization });
    const good = String(hook!.headers.authorization);
    expect(carrier().isAuthentic({ ...hook!, headers: lookalike(good.toLowerCase()) })).toBe(false);
    expect(carrier().isAuthentic({ ...hook!, headers: lookalike(`${good} `) })).toBe(false);
    // Sinch signs nothing: a changed body under the right credentials still passes (TLS keeps it whole in transit).
    expect(carrier().isAuthentic({ ...hook!, rawBody: Buffer.from(body.replace('COMPLETED', 'FAILURE')) })).toBe(true);
  });

  it('throws MalformedWebhook for a body that is not a fax event, and ignores events Faxline has no use for', () => {
    const request = (body: string, contentType = 'application/json'): WebhookRequest => ({
      url: `${base}/hooks`,
      headers: { 'content-type': contentType },
      rawBody: Buffer.from(body),
    });
    expect(() => carrier().reportOf(request('not json'))).toThrow(MalformedWebhook);
    expect(() => carrier().reportOf(request(JSON.stringify({ event: 'FAX_COMPLETED' })))).toThrow(MalformedWebhook);
    expect(() => carrier().reportOf(request(JSON.stringify({ event: 'FAX_COMPLETED', fax: { id: 'F', status: 7 } })))).toThrow(
      MalformedWebhook,
    );
    expect(() => carrier().reportOf(request('--x\r\n', 'multipart/form-data'))).toThrow(MalformedWebhook);
    const event = (fax: Record<string, unknown>, name = 'FAX_COMPLETED') => request(JSON.stringify({ event: name, fax }));
    expect(carrier().reportOf(event({ id: 'F', status: 'COMPLETED' }, 'SOMETHING_NEW'))).toBeNull();
    expect(carrier().reportOf(event({ id: 'F', direction: 'INBOUND', status: 'COMPLETED', to: '+15550100002' }))).toBeNull();
    expect(carrier().reportOf(event({ id: 'F', direction: 'INBOUND', status: 'FAILURE', to: '+1555' }, 'INCOMING_FAX'))).toBeNull();
    expect(
      carrier().reportOf(event({ id: 'F', direction: 'OUTBOUND', status: 'IN_PROGRESS', labels: { [SINCH_TRY_LABEL]: 'r' } })),
    ).toEqual({
      kind: 'progress',
      eventId: 'F:FAX_COMPLETED:IN_PROGRESS',
      type: 'FAX_COMPLETED',
      carrierFaxId: 'F',
      tryRef: 'r',
    });
  });

  it('tells a refusal (4xx) from an outage (5xx, nothing listening)', async () => {
    await expect(send('+15550105551', { keySecret: 'wrong' })).rejects.toBeInstanceOf(CarrierRefused);
    await expect(send('15550105551')).rejects.toThrow(/422.*to: The \(15550105551\) is not a valid phone number/);
    simulator.failNextSends(503);
    await expect(send('+15550105551')).rejects.toBeInstanceOf(CarrierUnavailable);
    simulator.failNextSends(429);
    await expect(send('+15550105551')).rejects.toBeInstanceOf(CarrierUnavailable);
    simulator.failNextSends(500);
    await expect(send('+15550105551')).rejects.toBeInstanceOf(CarrierUnavailable);
    await expect(send('+15550105551', { apiUrl: 'http://127.0.0.1:1' })).rejects.toBeInstanceOf(CarrierUnavailable);
    await expect(carrier({ keySecret: 'wrong' }).searchNumbers({ country: 'US', limit: 1 })).rejects.toBeInstanceOf(CarrierRefused);
    await expect(carrier({ numbersApiUrl: 'http://127.0.0.1:1' }).searchNumbers({ country: 'US', limit: 1 })).rejects.toBeInstanceOf(
      CarrierUnavailable,
    );
  });

  it('searches numbers by country and area code, rents one into the fax service pointed at Faxline, and releases it', async () => {
    const ny = await carrier().searchNumbers({ country: 'US', areaCode: '212', limit: 3 });
    expect(ny).toEqual([
      { number: '+12125550100', country: 'US', region: null, locality: null, monthlyPrice: '1.00 USD' },
      { number: '+12125550101', country: 'US', region: null, locality: null, monthlyPrice: '1.00 USD' },
      { number: '+12125550102', country: 'US', region: null, locality: null, monthlyPrice: '1.00 USD' },
    ]);
    expect((await carrier().searchNumbers({ country: 'ca', areaCode: '514', limit: 10 })).map((n) => n.number)).toHaveLength(5);
    const marseille = await carrier().searchNumbers({ country: 'FR', areaCode: '4', limit: 10 });
    expect(marseille.every((n) => n.number.startsWith('+334') && n.monthlyPrice === '2.50 EUR')).toBe(true);
    expect(marseille).toHaveLength(5);
    expect(await carrier().searchNumbers({ country: 'US', areaCode: '999', limit: 10 })).toEqual([]);
    expect(await carrier().searchNumbers({ country: 'US', limit: 50 })).toHaveLength(20);
    await expect(carrier().searchNumbers({ country: 'ZZ', areaCode: '1', limit: 1 })).rejects.toBeInstanceOf(CarrierRefused);

    const ordered = await carrier().orderNumber('+12125550101', `${base}/api/carriers/sinch/webhook`);
    expect(ordered).toEqual({ carrierNumberId: '+12125550101' });
    const service = simulator.services.find((s) => s.id === simulator.serviceId)!;
    expect(service).toMatchObject({ webhookContentType: 'application/json', saveInboundFaxDocuments: true });
    expect(service.incomingWebhookUrl).toBe(`${base.replace('http://', `http://faxline:${WEBHOOK_SECRET}@`)}/api/carriers/sinch/webhook`);
    await simulator.settled();
    expect(simulator.activeNumbers.find((n) => n.phoneNumber === '+12125550101')!.voiceConfiguration).toMatchObject({
      type: 'FAX',
      serviceId: simulator.serviceId,
    });
    expect((await carrier().searchNumbers({ country: 'US', areaCode: '212', limit: 3 })).map((n) => n.number)).not.toContain(
      '+12125550101',
    );
    await expect(carrier().orderNumber('+12125550101', `${base}/hooks`)).rejects.toBeInstanceOf(CarrierRefused);

    await carrier().releaseNumber({ number: '+12125550101', carrierNumberId: ordered.carrierNumberId });
    expect(simulator.activeNumbers.find((n) => n.phoneNumber === '+12125550101')!.expireAt).not.toBeNull();
    await expect(carrier().releaseNumber({ number: '+19995550100', carrierNumberId: '+19995550100' })).rejects.toBeInstanceOf(
      CarrierRefused,
    );
  });

  it('reads an inbound fax as received, and fetches its document with the key', async () => {
    await carrier({ serviceId: simulator.serviceId }).orderNumber('+14165550101', `${base}/api/carriers/sinch/webhook`);
    const inbound = await simulator.receive({ to: '+14165550101', from: '+15550100009', pdf });
    expect(inbound.status).toBe(200);
    const hook = arrived.at(-1)!;
    expect(carrier().isAuthentic(hook)).toBe(true);
    const report = carrier().reportOf(hook);
    expect(report).toEqual({
      kind: 'received',
      eventId: `${inbound.faxId}:INCOMING_FAX:COMPLETED`,
      type: 'INCOMING_FAX',
      carrierFaxId: inbound.faxId,
      from: '+15550100009',
      to: '+14165550101',
      mediaUrl: inbound.fileUrl,
      pages: 3,
      durationMs: null,
    });
    const media = await carrier().fetchMedia(inbound.fileUrl);
    expect(Buffer.from(media).equals(pdf)).toBe(true);
    await expect(carrier({ keySecret: 'wrong' }).fetchMedia(inbound.fileUrl)).rejects.toBeInstanceOf(CarrierRefused);
    await expect(carrier().fetchMedia(`${base}/media/fax.pdf`)).rejects.toBeInstanceOf(CarrierRefused);

    // Ordering the number set the service's callbacks to JSON, which is all Faxline reads: multipart is refused.
    expect(simulator.services.find((s) => s.id === simulator.serviceId)!.webhookContentType).toBe('application/json');
    simulator.services.find((s) => s.id === simulator.serviceId)!.webhookContentType = 'multipart/form-data';
    await simulator.receive({ to: '+14165550101', from: '+15550100009', pdf, pages: 2 });
    const form = arrived.at(-1)!;
    expect(String(form.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(carrier().isAuthentic(form)).toBe(true);
    expect(() => carrier().reportOf(form)).toThrow(MalformedWebhook);
  });
});
