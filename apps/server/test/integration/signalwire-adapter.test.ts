import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSignalWireSimulator, type SignalWireSimulator } from '@test-support/carriers/signalwire';
import { makePdf } from '@test-support/factories/documents';
import {
  CarrierRefused,
  CarrierUnavailable,
  MalformedWebhook,
  tryRefOf,
  type Carrier,
  type CarrierFax,
  type CarrierReport,
  type WebhookRequest,
} from '../../src/lines/carriers/carrier';
import {
  SIGNALWIRE_ERROR_CODE_CLASSES,
  SIGNALWIRE_MESSAGE_CLASSES,
  signalWireCarrier,
  signalWireFailureClassOf,
  type SignalWireSettings,
} from '../../src/lines/carriers/signalwire';
import { startCarrierCounterpart, type CarrierCounterpart } from '../support/carrier-counterpart';

// Faxline's SignalWire adapter against the simulator that follows SignalWire's reference. The
// simulator fetches the media from a local server and sends its signed requests to a local receiver, which reads them
// with the adapter (a fax call is answered with the adapter's cXML).
let simulator: SignalWireSimulator;
let carrier: Carrier;
let counterpart: CarrierCounterpart;
let base: string;
let pdf: Buffer;
/** Every request the receiver got, as the webhook route sees one: the full URL, the headers, the raw body. */
let arrived: WebhookRequest[];
/** Whether the receiver takes a fax call. */
let take = true;

const FAX_ID = '3f0c9d6e-8a57-4b2f-9a51-0c6d2e7b8f10';

beforeAll(async () => {
  pdf = await makePdf(3);
  // A fax call is answered with the adapter's cXML.
  counterpart = await startCarrierCounterpart(
    () => pdf,
    (hook, response) => {
      const report = hook.url === `${base}/hooks/signalwire/incoming` && carrier.isAuthentic(hook) ? carrier.reportOf(hook) : null;
      if (report?.kind !== 'incoming') return false;
      const answer = carrier.answerIncoming!(take, `${base}/hooks/signalwire/received`);
      response.writeHead(200, { 'content-type': answer.contentType }).end(answer.body);
      return true;
    },
  );
  ({ base, arrived } = counterpart);
  simulator = await startSignalWireSimulator({ stepDelayMs: 1 });
  carrier = signalWireCarrier(settings());
});
afterAll(async () => {
  await simulator?.close();
  await counterpart?.close();
});
beforeEach(() => {
  simulator.webhookMode('in-order');
  take = true;
});

const settings = (overrides: Partial<SignalWireSettings> = {}): SignalWireSettings => ({
  spaceUrl: simulator.url,
  projectId: simulator.projectId,
  apiToken: simulator.apiToken,
  signingKey: simulator.signingKey,
  ...overrides,
});

const fax = (to: string, overrides: Partial<CarrierFax> = {}): CarrierFax => ({
  mediaUrl: `${base}/media/fax.pdf`,
  to,
  from: '+15550100001',
  quality: 'fine',
  webhookUrl: `${base}/hooks/signalwire?source=sw`,
  tryRef: tryRefOf(FAX_ID, 1),
  ...overrides,
});

const paramsOf = (hook: WebhookRequest) => Object.fromEntries(new URLSearchParams(hook.rawBody.toString()));
const hooksOf = (faxSid: string) => arrived.filter((hook) => paramsOf(hook).FaxSid === faxSid);
const reportsOf = (faxSid: string) => hooksOf(faxSid).map((hook) => carrier.reportOf(hook));

describe('the SignalWire adapter', () => {
  it('sends a fax SignalWire fetches by its media link, and reads its signed callbacks to delivered', async () => {
    const faxSid = await carrier.send(fax('+15550109999', { quality: 'superfine' }));
    await simulator.settled();
    const sent = simulator.faxes.find((f) => f.sid === faxSid)!;
    expect(sent.request).toMatchObject({
      To: '+15550109999',
      From: '+15550100001',
      MediaUrl: `${base}/media/fax.pdf`,
      Quality: 'superfine',
      StoreMedia: 'false',
      StatusCallback: `${base}/hooks/signalwire?source=sw&try=faxline%3A${FAX_ID}%3A1`,
    });
    expect(sent.media?.bytes.equals(pdf)).toBe(true);

    const hooks = hooksOf(faxSid);
    expect(hooks).toHaveLength(3);
    for (const hook of hooks) expect(carrier.isAuthentic(hook)).toBe(true);
    expect(reportsOf(faxSid)).toEqual([
      { kind: 'progress', eventId: `${faxSid}:processing`, type: 'processing', carrierFaxId: faxSid, tryRef: `faxline:${FAX_ID}:1` },
      { kind: 'progress', eventId: `${faxSid}:sending`, type: 'sending', carrierFaxId: faxSid, tryRef: `faxline:${FAX_ID}:1` },
      {
        kind: 'delivered',
        eventId: `${faxSid}:delivered`,
        type: 'delivered',
        carrierFaxId: faxSid,
        tryRef: `faxline:${FAX_ID}:1`,
        pages: 3,
        durationMs: null,
        // The far machine's station id, which SignalWire reports after the call (decision 121).
        remoteIdent: '+15550109999',
      },
    ]);
  });

  it('reads every ErrorCode and known message of its tables as the simulator sends them, its words kept as the code', async () => {
    const failures = [
      ...Object.entries(SIGNALWIRE_ERROR_CODE_CLASSES).map(([code, reason]) => [code, 'documented', reason] as const),
      ...SIGNALWIRE_MESSAGE_CLASSES.map(({ example, reason }) => ['', example, reason] as const),
    ];
    const sent: Array<[string, string, string]> = [];
    for (const [i, [errorCode, errorMessage, reason]] of failures.entries()) {
      const to = `+1555013${String(i).padStart(4, '0')}`;
      simulator.outcomeFor(to, { result: 'failed', errorCode, errorMessage });
      sent.push([await carrier.send(fax(to)), ['failed', errorCode, errorMessage].filter(Boolean).join(' '), reason]);
    }
    await simulator.settled();
    for (const [sid, code, reason] of sent) expect(reportsOf(sid).at(-1)).toMatchObject({ kind: 'failed', reason, lineCode: code });
  });

  it('classes busy, no answer, no fax machine and unknown failures, with SignalWire words in the detail', async () => {
    simulator.outcomeFor('+15550108881', { result: 'busy' });
    simulator.outcomeFor('+15550108882', { result: 'no-answer' });
    simulator.outcomeFor('+15550108883', {
      result: 'failed',
      errorCode: '2',
      errorMessage: 'Fax transmission not established: no fax machine was detected',
    });
    simulator.outcomeFor('+15550108884', {
      result: 'failed',
      errorCode: '15',
      errorMessage: 'Received a DCN from remote after sending a page',
    });
    const sids = [];
    for (const to of ['+15550108881', '+15550108882', '+15550108883', '+15550108884']) sids.push(await carrier.send(fax(to)));
    sids.push(await carrier.send(fax('+15550108885', { mediaUrl: `${base}/media/missing.pdf` })));
    await simulator.settled();

    const finals = sids.map((sid) => reportsOf(sid).at(-1) as Extract<CarrierReport, { kind: 'failed' }>);
    expect(finals.map((r) => [r.kind, r.reason, r.tryRef])).toEqual([
      ['failed', 'busy', `faxline:${FAX_ID}:1`],
      ['failed', 'no_answer', `faxline:${FAX_ID}:1`],
      ['failed', 'not_a_fax_machine', `faxline:${FAX_ID}:1`],
      ['failed', 'line_quality', `faxline:${FAX_ID}:1`],
      ['failed', 'carrier_outage', `faxline:${FAX_ID}:1`],
    ]);
    expect(finals[4]!.lineCode).toBe('failed 11200 HTTP Retrieval Failure');
    expect(finals[0]!.detail).toBe(`SignalWire fax ${sids[0]}: busy`);
    expect(finals[2]!.detail).toBe(`SignalWire fax ${sids[2]}: 2 Fax transmission not established: no fax machine was detected`);
    expect(finals[4]!.detail).toBe(`SignalWire fax ${sids[4]}: 11200 HTTP Retrieval Failure`);
    expect(finals.map((r) => r.eventId)).toEqual([
      `${sids[0]}:busy`,
      `${sids[1]}:no-answer`,
      ...sids.slice(2).map((sid) => `${sid}:failed`),
    ]);

    expect(signalWireFailureClassOf('21212', 'To is not in the correct format')).toBe('carrier_refused');
    expect(signalWireFailureClassOf(null, 'Connection failed')).toBe('not_a_fax_machine');
    expect(signalWireFailureClassOf(null, 'Something new')).toBe('line_quality');
    expect(signalWireFailureClassOf(undefined, undefined)).toBe('line_quality');
  });

  it('gives the same event ids to a callback delivered twice, and the same reports whatever their order', async () => {
    simulator.webhookMode('duplicated');
    const twice = await carrier.send(fax('+15550107771'));
    await simulator.settled();
    const ids = reportsOf(twice).map((r) => r!.eventId);
    expect(ids).toEqual([
      `${twice}:processing`,
      `${twice}:processing`,
      `${twice}:sending`,
      `${twice}:sending`,
      `${twice}:delivered`,
      `${twice}:delivered`,
    ]);
    expect(hooksOf(twice).every((hook) => carrier.isAuthentic(hook))).toBe(true);

    simulator.webhookMode('reordered');
    const reordered = await carrier.send(fax('+15550107772'));
    await simulator.settled();
    expect(reportsOf(reordered).map((r) => r!.kind)).toEqual(['delivered', 'progress', 'progress']);
    expect(hooksOf(reordered).every((hook) => carrier.isAuthentic(hook))).toBe(true);
  });

  it('refuses a webhook signed with another key, or whose body, URL or signature was changed', async () => {
    const params = {
      AccountSid: simulator.projectId,
      FaxSid: crypto.randomUUID(),
      FaxStatus: 'delivered',
      To: '+15550100002',
      NumPages: '1',
    };
    const target = `${base}/hooks/signalwire?try=${encodeURIComponent(tryRefOf(FAX_ID, 2))}`;
    const good = await simulator.sendWebhook(target, params);
    await simulator.sendWebhook(target, params, { signWith: 'other' });
    const [real, forged] = arrived.slice(-2);
    expect(carrier.isAuthentic(real!)).toBe(true);
    expect(carrier.isAuthentic(forged!)).toBe(false);
    expect(carrier.isAuthentic({ ...real!, rawBody: Buffer.from(good.body.replace('NumPages=1', 'NumPages=9')) })).toBe(false);
    expect(carrier.isAuthentic({ ...real!, url: real!.url.replace('try=faxline', 'try=faxlinx') })).toBe(false);
    expect(carrier.isAuthentic({ ...real!, url: `${base}/hooks/signalwire` })).toBe(false);
    expect(carrier.isAuthentic({ ...real!, headers: {} })).toBe(false);
    expect(carrier.isAuthentic({ ...real!, headers: { 'x-signalwire-signature': good.signature.slice(1) } })).toBe(false);
    expect(signalWireCarrier(settings({ signingKey: simulator.apiToken })).isAuthentic(real!)).toBe(false);
    // The alias header, and the scheme's default port written out or not (SignalWire may sign either).
    expect(carrier.isAuthentic({ ...real!, headers: { 'x-twilio-signature': good.signature } })).toBe(true);
    const signed = simulator.signature('https://faxline.example/api/carriers/signalwire/webhook?try=x', params);
    const body = Buffer.from(new URLSearchParams(params).toString());
    const headers = { 'x-signalwire-signature': signed };
    expect(carrier.isAuthentic({ url: 'https://faxline.example:443/api/carriers/signalwire/webhook?try=x', headers, rawBody: body })).toBe(
      true,
    );
    expect(carrier.isAuthentic({ url: 'https://faxline.example/api/carriers/signalwire/webhook?try=x', headers, rawBody: body })).toBe(
      true,
    );
    expect(carrier.isAuthentic({ url: 'https://faxline.example:8443/api/carriers/signalwire/webhook?try=x', headers, rawBody: body })).toBe(
      false,
    );

    expect(carrier.reportOf(real!)).toMatchObject({ kind: 'delivered', tryRef: `faxline:${FAX_ID}:2`, pages: 1 });
  });

  it('throws MalformedWebhook for a body that is not a fax callback, and ignores a status it does not know', () => {
    const hook = (body: string): WebhookRequest => ({ url: `${base}/hooks/signalwire`, headers: {}, rawBody: Buffer.from(body) });
    expect(() => carrier.reportOf(hook('{"FaxSid":"x"}'))).toThrow(MalformedWebhook);
    expect(() => carrier.reportOf(hook('FaxStatus=delivered&To=%2B15550100002'))).toThrow(MalformedWebhook);
    expect(() => carrier.reportOf(hook('FaxSid=x&FaxStatus=delivered&To=%2B15550100002&NumPages=many'))).toThrow(MalformedWebhook);
    expect(() => carrier.reportOf(hook('FaxSid=x&FaxStatus=received&To=%2B15550100002'))).toThrow(MalformedWebhook);
    expect(carrier.reportOf(hook('FaxSid=x&FaxStatus=teleported&To=%2B15550100002'))).toBeNull();
    expect(carrier.reportOf(hook('FaxSid=x&FaxStatus=delivered&To=%2B15550100002&ErrorCode='))).toMatchObject({
      kind: 'delivered',
      tryRef: null,
      pages: null,
    });
  });

  it('tells a refusal (4xx) from an outage (5xx, nothing listening)', async () => {
    await expect(signalWireCarrier(settings({ apiToken: 'wrong' })).send(fax('+15550106661'))).rejects.toBeInstanceOf(CarrierRefused);
    const refused = carrier.send(fax('5550106661'));
    await expect(refused).rejects.toBeInstanceOf(CarrierRefused);
    await expect(refused).rejects.toThrow(/21212/);
    simulator.failNextSends(503);
    await expect(carrier.send(fax('+15550106661'))).rejects.toBeInstanceOf(CarrierUnavailable);
    simulator.failNextSends(429);
    await expect(carrier.send(fax('+15550106661'))).rejects.toBeInstanceOf(CarrierUnavailable);
    await expect(signalWireCarrier(settings({ spaceUrl: 'http://127.0.0.1:1' })).send(fax('+15550106661'))).rejects.toBeInstanceOf(
      CarrierUnavailable,
    );
  });

  describe('numbers and inbound faxes', () => {
    it('searches a country in an area code, keeping numbers that take faxes', async () => {
      const sanFrancisco = await carrier.searchNumbers({ country: 'US', areaCode: '415', limit: 20 });
      expect(sanFrancisco).toHaveLength(8);
      expect(sanFrancisco[0]).toEqual({
        number: '+14155550121',
        country: 'US',
        region: 'CA',
        locality: 'SAN FRANCISCO',
        monthlyPrice: null,
      });
      expect(await carrier.searchNumbers({ country: 'ca', areaCode: '416', limit: 3 })).toEqual([
        { number: '+14165550131', country: 'CA', region: 'ON', locality: 'TORONTO', monthlyPrice: null },
        { number: '+14165550132', country: 'CA', region: 'ON', locality: 'TORONTO', monthlyPrice: null },
        { number: '+14165550133', country: 'CA', region: 'ON', locality: 'TORONTO', monthlyPrice: null },
      ]);
      expect(await carrier.searchNumbers({ country: 'CA', areaCode: '312', limit: 5 })).toEqual([]);
      expect((await carrier.searchNumbers({ country: 'CA', limit: 50 })).map((n) => n.number.slice(2, 5))).toEqual([
        ...Array(10).fill('416'),
        ...Array(6).fill('604'),
      ]);
      await expect(carrier.searchNumbers({ country: 'US', areaCode: '31', limit: 5 })).rejects.toBeInstanceOf(CarrierRefused);
    });

    it('orders a number pointed at the webhook, takes a fax call with <Receive> and fetches the document', async () => {
      const { carrierNumberId } = await carrier.orderNumber('+13125550110', `${base}/hooks/signalwire/incoming`);
      expect(simulator.ownedNumbers.find((n) => n.id === carrierNumberId)).toMatchObject({
        number: '+13125550110',
        call_handler: 'laml_webhooks',
        call_receive_mode: 'fax',
        call_request_url: `${base}/hooks/signalwire/incoming`,
        call_request_method: 'POST',
      });

      const call = await simulator.receive({ to: '+13125550110', from: '+15550100003', pdf });
      expect(call).toMatchObject({ outcome: 'received', requestStatus: 200, actionStatus: 200 });
      const [asked, done] = hooksOf(call.faxSid);
      expect(asked!.url).toBe(`${base}/hooks/signalwire/incoming`);
      expect(carrier.isAuthentic(asked!)).toBe(true);
      expect(carrier.reportOf(asked!)).toEqual({
        kind: 'incoming',
        eventId: `${call.faxSid}:receiving`,
        type: 'receiving',
        carrierFaxId: call.faxSid,
        from: '+15550100003',
        to: '+13125550110',
      });
      expect(simulator.received.at(-1)!.laml).toContain(`<Receive action="${base}/hooks/signalwire/received"`);
      expect(done!.url).toBe(`${base}/hooks/signalwire/received`);
      expect(carrier.isAuthentic(done!)).toBe(true);
      const received = carrier.reportOf(done!);
      expect(received).toEqual({
        kind: 'received',
        eventId: `${call.faxSid}:received`,
        type: 'received',
        carrierFaxId: call.faxSid,
        from: '+15550100003',
        to: '+13125550110',
        mediaUrl: call.mediaUrl,
        pages: 3,
        durationMs: null,
      });
      const document = await carrier.fetchMedia((received as Extract<CarrierReport, { kind: 'received' }>).mediaUrl);
      expect(Buffer.from(document).equals(pdf)).toBe(true);
      await expect(signalWireCarrier(settings({ apiToken: 'wrong' })).fetchMedia(call.mediaUrl!)).rejects.toBeInstanceOf(CarrierRefused);
    });

    it('refuses a fax call with <Reject/>: nothing is received', async () => {
      await carrier.orderNumber('+13125550111', `${base}/hooks/signalwire/incoming`);
      take = false;
      const call = await simulator.receive({ to: '+13125550111', from: '+15550100003', pdf });
      expect(call).toMatchObject({ outcome: 'rejected', mediaUrl: null, actionStatus: null });
      expect(simulator.received.at(-1)!.laml).toContain('<Reject/>');
      expect(hooksOf(call.faxSid).map((hook) => carrier.reportOf(hook)?.kind)).toEqual(['incoming']);
      expect(carrier.answerIncoming!(false, `${base}/unused`)).toEqual({
        contentType: 'application/xml',
        body: '<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>',
      });
      expect(carrier.answerIncoming!(true, 'https://faxline.example/r?a=1&b="2"').body).toContain(
        'action="https://faxline.example/r?a=1&amp;b=&quot;2&quot;"',
      );
    });

    it('releases a number (twice is still released), refuses one not for sale, and gives back one it could not point', async () => {
      const { carrierNumberId } = await carrier.orderNumber('+16045550141', `${base}/hooks/signalwire/incoming`);
      expect(simulator.ownedNumbers.map((n) => n.number)).toContain('+16045550141');
      await carrier.releaseNumber({ number: '+16045550141', carrierNumberId });
      expect(simulator.ownedNumbers.map((n) => n.number)).not.toContain('+16045550141');
      await expect(carrier.releaseNumber({ number: '+16045550141', carrierNumberId })).resolves.toBeUndefined();

      await expect(carrier.orderNumber('+19995550100', `${base}/hooks/signalwire/incoming`)).rejects.toBeInstanceOf(CarrierRefused);
      await expect(carrier.orderNumber('+16045550142', 'not a url')).rejects.toBeInstanceOf(CarrierRefused);
      expect(simulator.ownedNumbers.map((n) => n.number)).not.toContain('+16045550142');
      expect(simulator.requestLog.filter((r) => r.method === 'DELETE').map((r) => r.status)).toEqual([204, 404, 204]);
    });
  });
});
