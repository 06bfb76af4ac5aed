import { createPublicKey, verify } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTelnyxSimulator, type TelnyxEvent, type TelnyxNumberOrder, type TelnyxPhoneNumber, type TelnyxSimulator } from './telnyx';
import { makePdf } from '../factories/documents';
import { commonDocuments, startReceiver, type ReceivedRequest, type TestReceiver } from './test-receiver';

/** What a receiver of Telnyx webhooks got: the raw body (signatures cover the bytes), the headers and the event. */
interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: TelnyxEvent;
}

/** A webhook as the receiver recorded it: the body as text (signatures cover its bytes) and the event it holds. */
const webhookOf = ({ path, headers, body }: ReceivedRequest): Hit => {
  const text = body.toString('utf8');
  return { path, headers, body: text, event: JSON.parse(text) as TelnyxEvent };
};

/** The brief's check: the portal's base64 key (raw 32 bytes) behind the SPKI DER prefix, then Ed25519 verify. */
function verifies(publicKey: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey, 'base64')]),
    format: 'der',
    type: 'spki',
  });
  const signature = Buffer.from(String(headers['telnyx-signature-ed25519']), 'base64');
  return verify(null, Buffer.from(`${String(headers['telnyx-timestamp'])}|${body}`), key, signature);
}

const TO = '+13125550100';
const FROM = '+13125550199';

describe('the Telnyx Programmable Fax simulator (test-support/carriers/telnyx.ts)', () => {
  let pdf: Buffer;
  let receiver: TestReceiver<Hit>;
  let sim: TelnyxSimulator;

  beforeAll(async () => {
    pdf = await makePdf(2);
    receiver = await startReceiver(
      {
        ...commonDocuments(pdf),
        '/moved.pdf': { type: 'text/plain', bytes: Buffer.from(''), status: 302, location: '/doc.pdf' },
      },
      webhookOf,
    );
  });
  afterAll(() => receiver.close());

  beforeEach(async () => {
    receiver.reset();
    sim = await startTelnyxSimulator({ webhookUrl: `${receiver.base}/hooks/telnyx`, retryDelayMs: 10, stepDelayMs: 1 });
  });
  afterEach(() => sim.close());

  const sendFax = (body: Record<string, unknown>, key = sim.apiKey) =>
    fetch(`${sim.url}/v2/faxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const valid = () => ({ connection_id: sim.connectionId, media_url: `${receiver.base}/doc.pdf`, to: TO, from: FROM });
  const types = () => receiver.hits.map((hit) => hit.event.data.event_type);

  it('accepts a fax with 202 and the fax object, fetches the media and posts the four signed webhooks in order', async () => {
    const res = await sendFax({ ...valid(), client_state: Buffer.from('fax-7').toString('base64') });
    expect(res.status).toBe(202);
    const { data } = (await res.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      record_type: 'fax',
      connection_id: sim.connectionId,
      direction: 'outbound',
      to: TO,
      from: FROM,
      media_url: `${receiver.base}/doc.pdf`,
      quality: 'high',
      status: 'queued',
      webhook_url: `${receiver.base}/hooks/telnyx`,
      client_state: 'ZmF4LTc=',
      failure_reason: null,
    });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(String(data.created_at))).not.toBeNaN();
    expect(data.updated_at).toBe(data.created_at);

    await sim.settled();
    const [sent] = sim.faxes;
    expect(sent!.media).toMatchObject({ status: 200, contentType: 'application/pdf' });
    expect(sent!.media!.bytes.equals(pdf)).toBe(true);

    expect(types()).toEqual(['fax.queued', 'fax.media.processed', 'fax.sending.started', 'fax.delivered']);
    for (const hit of receiver.hits) {
      expect(hit.path).toBe('/hooks/telnyx');
      expect(hit.headers['content-type']).toBe('application/json');
      expect(String(hit.headers['telnyx-timestamp'])).toMatch(/^\d{10}$/);
      expect(verifies(sim.publicKey, hit.headers, hit.body)).toBe(true);
      expect(hit.event).toMatchObject({
        data: {
          record_type: 'event',
          payload: { fax_id: data.id, connection_id: sim.connectionId, direction: 'outbound', to: TO, from: FROM },
        },
        meta: { attempt: 1, delivered_to: `${receiver.base}/hooks/telnyx` },
      });
      expect(hit.event.data.payload.client_state).toBe('ZmF4LTc=');
      expect(hit.event.data.payload.original_media_url).toBe(`${receiver.base}/doc.pdf`);
    }
    expect(new Set(receiver.hits.map((hit) => hit.event.data.id)).size).toBe(4);
    expect(receiver.hits.map((hit) => hit.event.data.payload.status)).toEqual(['queued', 'media.processed', 'sending', 'delivered']);
    expect(receiver.hits[3]!.event.data.payload).toMatchObject({ page_count: 2, call_duration_secs: expect.any(Number) });
    expect(sent!.webhooks.map((w) => w.status)).toEqual([200, 200, 200, 200]);

    const view = await fetch(`${sim.url}/v2/faxes/${String(data.id)}`, { headers: { authorization: `Bearer ${sim.apiKey}` } });
    expect(view.status).toBe(200);
    expect(((await view.json()) as { data: unknown }).data).toMatchObject({ id: data.id, status: 'delivered', page_count: 2 });
    expect(sim.requests).toBe(1);
  });

  it('answers 401 with the error shape for a wrong or missing key, and 404 for an unknown fax', async () => {
    const wrongOrMissing: Record<string, string>[] = [{ authorization: 'Bearer nope' }, {}];
    for (const headers of wrongOrMissing) {
      const res = await fetch(`${sim.url}/v2/faxes`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(valid()),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ errors: [{ code: '10009', title: 'Authentication failed', detail: expect.any(String) }] });
    }
    const unknown = await fetch(`${sim.url}/v2/faxes/00000000-0000-4000-8000-000000000000`, {
      headers: { authorization: `Bearer ${sim.apiKey}` },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('10005');
    expect(sim.faxes).toHaveLength(0);
    expect(sim.requests).toBe(2);
  });

  it('answers 422 for missing or invalid fields, naming each in source.pointer, and creates nothing', async () => {
    const missing = await sendFax({});
    expect(missing.status).toBe(422);
    const { errors } = (await missing.json()) as { errors: { code: string; title: string; detail: string; source: { pointer: string } }[] };
    expect(errors.map((e) => [e.code, e.source.pointer])).toEqual([
      ['10004', '/connection_id'],
      ['10004', '/to'],
      ['10004', '/from'],
      ['10004', '/media_url'],
    ]);
    expect(errors[0]!.title).toBe('Missing required parameter');

    const bad = await sendFax({
      ...valid(),
      connection_id: '42',
      to: '3125550100',
      from: '+1 312 555 0199',
      media_url: 'ftp://example.com/a.pdf',
      quality: 'best',
      client_state: 'not base64!',
    });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { errors: { code: string; source: { pointer: string } }[] };
    expect(body.errors.map((e) => [e.code, e.source.pointer])).toEqual([
      ['10017', '/connection_id'],
      ['10016', '/to'],
      ['10016', '/from'],
      ['10003', '/media_url'],
      ['10015', '/quality'],
      ['10015', '/client_state'],
    ]);
    expect(sim.faxes).toHaveLength(0);
    expect(receiver.hits).toHaveLength(0);
  });

  it('fails a fax to a busy line with fax.failed and the documented failure_reason', async () => {
    sim.outcomeFor(TO, { result: 'failed', failureReason: 'user_busy' });
    const res = await sendFax(valid());
    expect(res.status).toBe(202);
    await sim.settled();
    expect(types()).toEqual(['fax.queued', 'fax.media.processed', 'fax.sending.started', 'fax.failed']);
    expect(receiver.hits[3]!.event.data.payload).toMatchObject({ status: 'failed', failure_reason: 'user_busy' });
    expect(sim.faxes[0]!.fax).toMatchObject({ status: 'failed', failure_reason: 'user_busy' });
  });

  it('fails with file_download_failed when the media cannot be fetched (404, redirect) and file_format_invalid when it is no PDF', async () => {
    for (const [path, reason] of [
      ['/missing.pdf', 'file_download_failed'],
      ['/moved.pdf', 'file_download_failed'],
      ['/note.txt', 'file_format_invalid'],
    ] as const) {
      receiver.hits.length = 0;
      expect((await sendFax({ ...valid(), media_url: `${receiver.base}${path}` })).status).toBe(202);
      await sim.settled();
      expect(types()).toEqual(['fax.queued', 'fax.failed']);
      expect(receiver.hits[1]!.event.data.payload.failure_reason).toBe(reason);
    }
    expect(sim.faxes.map((f) => f.media?.status)).toEqual([404, 302, 200]);
  });

  it('sends each webhook twice with the same event id in duplicated mode, and the final one first in reordered mode', async () => {
    sim.webhookMode('duplicated');
    await sendFax(valid());
    await sim.settled();
    expect(types()).toEqual([
      'fax.queued',
      'fax.queued',
      'fax.media.processed',
      'fax.media.processed',
      'fax.sending.started',
      'fax.sending.started',
      'fax.delivered',
      'fax.delivered',
    ]);
    for (let i = 0; i < 8; i += 2) expect(receiver.hits[i]!.event.data.id).toBe(receiver.hits[i + 1]!.event.data.id);

    receiver.hits.length = 0;
    sim.webhookMode('reordered');
    await sendFax(valid());
    await sim.settled();
    expect(types()).toEqual(['fax.delivered', 'fax.queued', 'fax.media.processed', 'fax.sending.started']);
    expect(receiver.hits.every((hit) => verifies(sim.publicKey, hit.headers, hit.body))).toBe(true);
  });

  it('retries a webhook the receiver refuses, recording each answer, with meta.attempt counting up', async () => {
    receiver.answers.push(500, 503);
    await sendFax(valid());
    await sim.settled();
    const queued = sim.faxes[0]!.webhooks.filter((w) => w.eventType === 'fax.queued');
    expect(queued.map((w) => [w.attempt, w.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(new Set(queued.map((w) => w.eventId)).size).toBe(1);
    expect(receiver.hits.slice(0, 3).map((hit) => hit.event.meta.attempt)).toEqual([1, 2, 3]);
    expect(types().slice(3)).toEqual(['fax.media.processed', 'fax.sending.started', 'fax.delivered']);
  });

  it("sends webhooks to the fax's own webhook_url when given", async () => {
    await sendFax({ ...valid(), webhook_url: `${receiver.base}/hooks/other` });
    await sim.settled();
    expect(receiver.hits.map((hit) => hit.path)).toEqual(Array(4).fill('/hooks/other'));
  });

  it('accepts the same send as multipart/form-data', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(valid())) form.set(key, value);
    form.set('t38_enabled', 'false');
    const res = await fetch(`${sim.url}/v2/faxes`, { method: 'POST', headers: { authorization: `Bearer ${sim.apiKey}` }, body: form });
    expect(res.status).toBe(202);
    await sim.settled();
    expect(sim.faxes[0]!.request).toMatchObject({ to: TO, t38_enabled: false });
    expect(types()).toEqual(['fax.queued', 'fax.media.processed', 'fax.sending.started', 'fax.delivered']);
  });

  it('answers failNextSends with that status and the error body, creating nothing, then accepts again', async () => {
    sim.failNextSends(503, 2);
    for (let i = 0; i < 2; i += 1) {
      const res = await sendFax(valid());
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ errors: [{ code: '10007', title: 'Unexpected error', detail: expect.any(String) }] });
    }
    expect(sim.faxes).toHaveLength(0);
    expect((await sendFax(valid())).status).toBe(202);
    expect(sim.faxes).toHaveLength(1);
    expect(sim.requests).toBe(3);
  });

  it('delivers an inbound fax: fax.received to the account URL, with a media_url that serves the PDF', async () => {
    const { faxId, status, mediaUrl } = await sim.receive({ to: TO, from: FROM, pdf });
    expect(status).toBe(200);
    expect(types()).toEqual(['fax.received']);
    const [hit] = receiver.hits;
    expect(hit!.path).toBe('/hooks/telnyx');
    expect(verifies(sim.publicKey, hit!.headers, hit!.body)).toBe(true);
    expect(hit!.event.data.payload).toEqual({
      connection_id: sim.connectionId,
      direction: 'inbound',
      fax_id: faxId,
      from: FROM,
      to: TO,
      media_url: mediaUrl,
      page_count: 2,
      partial_content: false,
      status: 'received',
      user_id: expect.any(String),
    });
    const media = await fetch(mediaUrl);
    expect(media.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await media.arrayBuffer()).equals(pdf)).toBe(true);

    receiver.answers.push(500, 500, 500);
    expect((await sim.receive({ to: TO, from: FROM, pdf })).status).toBe(500);
    expect(sim.received[1]!.webhooks.map((w) => [w.attempt, w.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);

    receiver.hits.length = 0;
    await sim.receive({ to: TO, from: FROM, pdf, progressEvents: true });
    expect(types()).toEqual(['fax.receiving.started', 'fax.media.processing.started', 'fax.received']);
  });

  it('posts arbitrary events signed with another key or an old timestamp for the receiver to refuse', async () => {
    const event = {
      data: { event_type: 'fax.delivered', id: 'e-1', occurred_at: new Date().toISOString(), payload: {}, record_type: 'event' },
    };
    const good = await sim.sendWebhook(`${receiver.base}/hooks/telnyx`, event);
    const forged = await sim.sendWebhook(`${receiver.base}/hooks/telnyx`, event, { signWith: 'other' });
    const old = await sim.sendWebhook(`${receiver.base}/hooks/telnyx`, event, { timestamp: 1_000_000_000 });
    expect([good.status, forged.status, old.status]).toEqual([200, 200, 200]);
    const [a, b, c] = receiver.hits;
    expect(verifies(sim.publicKey, a!.headers, a!.body)).toBe(true);
    expect(verifies(sim.publicKey, b!.headers, b!.body)).toBe(false);
    expect(c!.headers['telnyx-timestamp']).toBe('1000000000');
    expect(verifies(sim.publicKey, c!.headers, c!.body)).toBe(true);
    expect(sim.signature(good.timestamp, good.body)).toBe(good.signature);
  });
});

describe("the Telnyx simulator's numbers: search, order, list and release", () => {
  let sim: TelnyxSimulator;
  beforeEach(async () => {
    sim = await startTelnyxSimulator();
  });
  afterEach(() => sim.close());

  const call = (method: string, path: string, body?: unknown, key = sim.apiKey) =>
    fetch(`${sim.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  type Errors = { errors: { code: string; title: string; detail: string; source?: Record<string, string> }[] };
  type Available = { phone_number: string; best_effort: boolean; features: { name: string }[]; region_information: unknown[] };
  const search = async (query: string) => {
    const res = await call('GET', `/v2/available_phone_numbers?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { data: Available[]; meta: { total_results: number; best_effort_results: number } };
  };
  const order = (phoneNumber: string, extra: Record<string, unknown> = { connection_id: sim.connectionId }) =>
    call('POST', '/v2/number_orders', { phone_numbers: [{ phone_number: phoneNumber }], ...extra });
  const orderOf = async (res: Response) => ((await res.json()) as { data: TelnyxNumberOrder }).data;
  const list = async (query: string) =>
    (await (await call('GET', `/v2/phone_numbers?${query}`)).json()) as { data: TelnyxPhoneNumber[]; meta: Record<string, number> };

  it('seeds a few dozen numbers for sale: US (212, 646, 312, 415), CA (416, 604), GB and FR', () => {
    expect(sim.availableNumbers.length).toBeGreaterThanOrEqual(36);
    expect(new Set(sim.availableNumbers.map((n) => n.countryCode))).toEqual(new Set(['US', 'CA', 'GB', 'FR']));
    for (const ndc of ['212', '312', '415', '416']) expect(sim.availableNumbers.some((n) => n.nationalDestinationCode === ndc)).toBe(true);
    expect(new Set(sim.availableNumbers.map((n) => n.phoneNumber)).size).toBe(sim.availableNumbers.length);
  });

  it('searches by country and area code, in the shape of the reference, up to filter[limit]', async () => {
    const { data, meta } = await search('filter[country_code]=US&filter[national_destination_code]=312&filter[limit]=3');
    expect(data).toHaveLength(3);
    expect(meta).toEqual({ total_results: 3, best_effort_results: 0 });
    expect(data[0]).toEqual({
      record_type: 'available_phone_number',
      phone_number: '+13125550100',
      vanity_format: '',
      best_effort: false,
      quickship: true,
      reservable: true,
      region_information: [
        { region_type: 'rate_center', region_name: 'CHICAGO' },
        { region_type: 'state', region_name: 'IL' },
        { region_type: 'country_code', region_name: 'US' },
      ],
      cost_information: { upfront_cost: '1.00', monthly_cost: '1.00', currency: 'USD' },
      features: [{ name: 'voice' }, { name: 'fax' }, { name: 'sms' }, { name: 'mms' }, { name: 'emergency' }],
    });
    const london = await search('filter[country_code]=gb&filter[national_destination_code]=020');
    expect(london.data).toHaveLength(4);
    expect(london.data[0]!.region_information).toEqual([
      { region_type: 'location', region_name: 'London' },
      { region_type: 'country_code', region_name: 'GB' },
    ]);
    expect((await search('filter[country_code]=FR')).data.map((n) => n.phone_number)).toEqual([
      '+33199000100',
      '+33199000101',
      '+33199000102',
    ]);
    expect((await search('filter[country_code]=US&filter[locality]=chicago&filter[administrative_area]=IL')).data).toHaveLength(8);
    expect((await search('filter[country_code]=US&filter[phone_number_type]=toll_free')).data).toEqual([]);
  });

  it('keeps to filter[features], comma-separated or repeated', async () => {
    const base = 'filter[country_code]=US&filter[national_destination_code]=415';
    expect((await search(base)).data).toHaveLength(6);
    const fax = await search(`${base}&filter[features]=fax`);
    expect(fax.data.map((n) => n.phone_number)).toEqual(['+14155550100', '+14155550102', '+14155550104', '+14155550105']);
    expect((await search(`${base}&filter[features][]=voice&filter[features][]=fax`)).data).toEqual(fax.data);
    expect((await search(`${base}&filter[features]=voice,fax`)).data).toEqual(fax.data);
    expect(fax.data.every((n) => n.features.some((f) => f.name === 'fax'))).toBe(true);
  });

  it('fills up an area code with nearby numbers of the same state, flagged best_effort, unless filter[best_effort]=false', async () => {
    const wide = await search('filter[country_code]=US&filter[national_destination_code]=212&filter[limit]=20');
    expect(wide.data.map((n) => [n.phone_number.slice(0, 5), n.best_effort])).toEqual([
      ...Array(8).fill(['+1212', false]),
      ...Array(3).fill(['+1646', true]),
    ]);
    expect(wide.meta).toEqual({ total_results: 11, best_effort_results: 3 });
    const exact = await search('filter[country_code]=US&filter[national_destination_code]=212&filter[limit]=20&filter[best_effort]=false');
    expect(exact.data).toHaveLength(8);
    expect((await search('filter[country_code]=US&filter[national_destination_code]=212&filter[limit]=8')).meta.best_effort_results).toBe(
      0,
    );
  });

  it('answers 401 without the key and 422 with each bad filter named, as Telnyx does', async () => {
    const unauthorized = await call('GET', '/v2/available_phone_numbers?filter[country_code]=US', undefined, 'nope');
    expect(unauthorized.status).toBe(401);
    expect(((await unauthorized.json()) as Errors).errors[0]!.code).toBe('10009');

    const noCountry = await call('GET', '/v2/available_phone_numbers?filter[limit]=5');
    expect(noCountry.status).toBe(422);
    expect(((await noCountry.json()) as Errors).errors).toEqual([
      {
        code: '10004',
        title: 'Missing required parameter',
        detail: expect.any(String),
        source: { parameter: 'filter[country_code]' },
      },
    ]);
    const bad = await call(
      'GET',
      '/v2/available_phone_numbers?filter[country_code]=USA&filter[national_destination_code]=2l2&filter[features]=telex' +
        '&filter[limit]=0&filter[best_effort]=maybe&filter[phone_number_type]=premium',
    );
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Errors).errors.map((e) => [e.code, e.source?.parameter])).toEqual([
      ['10015', 'filter[country_code]'],
      ['10015', 'filter[national_destination_code]'],
      ['10015', 'filter[phone_number_type]'],
      ['10015', 'filter[features]'],
      ['10015', 'filter[limit]'],
      ['10015', 'filter[best_effort]'],
    ]);
  });

  it("orders a searched number: pending, then success; the account's, on its connection, no longer for sale", async () => {
    const [wanted] = (await search('filter[country_code]=US&filter[national_destination_code]=212&filter[limit]=1')).data;
    const res = await order(wanted!.phone_number, { connection_id: sim.connectionId, customer_reference: 'faxline' });
    expect(res.status).toBe(200);
    const placed = await orderOf(res);
    expect(placed).toMatchObject({
      record_type: 'number_order',
      status: 'pending',
      connection_id: sim.connectionId,
      customer_reference: 'faxline',
      phone_numbers_count: 1,
      phone_numbers: [{ record_type: 'number_order_phone_number', phone_number: wanted!.phone_number, status: 'pending' }],
    });
    expect(sim.availableNumbers.some((n) => n.phoneNumber === wanted!.phone_number)).toBe(false);
    expect(sim.ownedNumbers).toEqual([
      expect.objectContaining({ phone_number: wanted!.phone_number, status: 'purchase-pending', connection_id: sim.connectionId }),
    ]);
    expect(sim.ownedNumbers[0]!.id).toMatch(/^\d{19}$/);
    expect(sim.ownedNumbers[0]!.id).not.toBe(placed.phone_numbers[0]!.id);

    await sim.settled();
    const view = await call('GET', `/v2/number_orders/${placed.id}`);
    expect((await orderOf(view)).status).toBe('success');
    expect(sim.numberOrders[0]!.phone_numbers[0]!.status).toBe('success');
    expect(sim.ownedNumbers[0]!.status).toBe('active');
    expect(
      (await search('filter[country_code]=US&filter[national_destination_code]=212&filter[limit]=20')).data.map((n) => n.phone_number),
    ).not.toContain(wanted!.phone_number);
    expect((await call('GET', '/v2/number_orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('refuses (422) to order a number not for sale, taken by another account, never searched, or not +E.164; creates nothing', async () => {
    const found = (await search('filter[country_code]=US&filter[national_destination_code]=312&filter[limit]=2')).data;
    expect((await order(found[0]!.phone_number)).status).toBe(200);
    const twice = await order(found[0]!.phone_number);
    expect(twice.status).toBe(422);
    expect(((await twice.json()) as Errors).errors).toEqual([
      {
        code: '10015',
        title: 'Bad Request',
        detail: expect.stringMatching(/not available/),
        source: { pointer: '/phone_numbers/0/phone_number' },
      },
    ]);

    sim.takeNumber(found[1]!.phone_number);
    expect((await order(found[1]!.phone_number)).status).toBe(422);

    const unsearched = sim.availableNumbers.find((n) => n.countryCode === 'FR')!.phoneNumber;
    const refused = await order(unsearched);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Errors).errors[0]!.detail).toMatch(/recent search/);

    const bad = await call('POST', '/v2/number_orders', { phone_numbers: [{ phone_number: '3125550100' }], connection_id: '42' });
    expect(((await bad.json()) as Errors).errors.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['10016', '/phone_numbers/0/phone_number'],
      ['10017', '/connection_id'],
    ]);
    const empty = await call('POST', '/v2/number_orders', {});
    expect(((await empty.json()) as Errors).errors.map((e) => [e.code, e.source?.pointer])).toEqual([['10004', '/phone_numbers']]);
    expect((await call('POST', '/v2/number_orders', { phone_numbers: [] }, 'nope')).status).toBe(401);

    expect(sim.numberOrders).toHaveLength(1);
    expect(sim.ownedNumbers).toHaveLength(1);
  });

  it('ends orders as orderOutcomeFor says (failure, pending), and at once with numberOrderDelayMs 0', async () => {
    const [failing, waiting] = (await search('filter[country_code]=CA&filter[national_destination_code]=416&filter[limit]=2')).data;
    sim.orderOutcomeFor(failing!.phone_number, 'failure');
    sim.orderOutcomeFor(waiting!.phone_number, 'pending');
    await order(failing!.phone_number);
    await order(waiting!.phone_number);
    await sim.settled();
    expect(sim.numberOrders.map((o) => o.status)).toEqual(['failure', 'pending']);
    expect(sim.ownedNumbers.map((n) => n.status)).toEqual(['purchase-failed', 'purchase-pending']);

    const quick = await startTelnyxSimulator({ numberOrderDelayMs: 0, orderWithoutSearch: true });
    try {
      const res = await fetch(`${quick.url}/v2/number_orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${quick.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phone_numbers: [{ phone_number: '+16045550100' }] }),
      });
      expect(await orderOf(res)).toMatchObject({ status: 'success', connection_id: null });
      expect(quick.ownedNumbers[0]).toMatchObject({ status: 'active', connection_id: null });
    } finally {
      await quick.close();
    }
  });

  it('lists the account numbers by filter[phone_number] (digits, within the number), status and connection, paged', async () => {
    const found = (await search('filter[country_code]=US&filter[national_destination_code]=312&filter[limit]=3')).data;
    for (const n of found) await order(n.phone_number);
    await sim.settled();

    const one = await list('filter[phone_number]=13125550101');
    expect(one.data.map((n) => n.phone_number)).toEqual(['+13125550101']);
    expect(one.meta).toEqual({ page_number: 1, page_size: 20, total_pages: 1, total_results: 1 });
    expect((await list('filter[phone_number]=312555')).data).toHaveLength(3);
    expect((await list('filter[phone_number]=%2B13125550101')).data).toEqual([]);
    expect((await list('filter[phone_number]=+13125550101')).data).toEqual([]);
    const short = await call('GET', '/v2/phone_numbers?filter[phone_number]=13');
    expect(short.status).toBe(422);
    expect(((await short.json()) as Errors).errors[0]!.source).toEqual({ parameter: 'filter[phone_number]' });
    expect((await list('filter[status]=active')).data).toHaveLength(3);
    expect((await list('filter[status]=purchase-pending')).data).toHaveLength(0);
    expect((await list(`filter[connection_id]=${sim.connectionId}`)).data).toHaveLength(3);
    const page = await list('page[number]=2&page[size]=2');
    expect(page.data.map((n) => n.phone_number)).toEqual([found[2]!.phone_number]);
    expect(page.meta).toEqual({ page_number: 2, page_size: 2, total_pages: 2, total_results: 3 });
    expect((await call('GET', '/v2/phone_numbers?page[size]=251')).status).toBe(422);
    expect((await call('GET', '/v2/phone_numbers', undefined, 'nope')).status).toBe(401);
  });

  it('releases a number with DELETE /v2/phone_numbers/{id}: the record with status deleted, then it is gone (404)', async () => {
    const [wanted] = (await search('filter[country_code]=GB&filter[national_destination_code]=161&filter[features]=fax')).data;
    await order(wanted!.phone_number);
    await sim.settled();
    const id = sim.ownedNumbers[0]!.id;
    expect((await call('GET', `/v2/phone_numbers/${id}`)).status).toBe(200);

    expect((await call('DELETE', `/v2/phone_numbers/${id}`, undefined, 'nope')).status).toBe(401);
    const released = await call('DELETE', `/v2/phone_numbers/${id}`);
    expect(released.status).toBe(200);
    expect(((await released.json()) as { data: TelnyxPhoneNumber }).data).toMatchObject({
      id,
      phone_number: wanted!.phone_number,
      status: 'deleted',
    });
    expect(sim.ownedNumbers).toEqual([]);
    expect(sim.releasedNumbers.map((n) => [n.id, n.status])).toEqual([[id, 'deleted']]);
    expect((await list('filter[phone_number]=441614960100')).data).toEqual([]);

    for (const method of ['DELETE', 'GET']) {
      const gone = await call(method, `/v2/phone_numbers/${id}`);
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as Errors).errors[0]!.code).toBe('10005');
    }
  });

  it('answers failNextRequests with that status after the key check, for any API path or only those asked, changing nothing', async () => {
    sim.failNextRequests(503, 2);
    expect((await call('GET', '/v2/available_phone_numbers?filter[country_code]=US', undefined, 'nope')).status).toBe(401);
    const failed = await call('GET', '/v2/available_phone_numbers?filter[country_code]=US');
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ errors: [{ code: '10007', title: 'Unexpected error', detail: expect.any(String) }] });
    expect((await call('POST', '/v2/faxes', {})).status).toBe(503);
    expect((await call('POST', '/v2/faxes', {})).status).toBe(422);

    const [wanted] = (await search('filter[country_code]=US&filter[limit]=1')).data;
    sim.failNextRequests(429, 1, { method: 'POST', path: '/v2/number_orders' });
    expect((await call('GET', '/v2/phone_numbers')).status).toBe(200);
    expect((await order(wanted!.phone_number)).status).toBe(429);
    expect(sim.numberOrders).toHaveLength(0);
    expect((await order(wanted!.phone_number)).status).toBe(200);

    sim.failNextRequests(500, 1, { path: /^\/v2\/phone_numbers\// });
    expect((await call('DELETE', `/v2/phone_numbers/${sim.ownedNumbers[0]!.id}`)).status).toBe(500);
    expect(sim.ownedNumbers).toHaveLength(1);
  });

  it("still delivers inbound faxes to any number, the account's or not", async () => {
    const pdf = await makePdf(1);
    const receiver = await startReceiver({}, webhookOf);
    const inbound = await startTelnyxSimulator({ webhookUrl: `${receiver.base}/hooks`, orderWithoutSearch: true, numberOrderDelayMs: 0 });
    try {
      await fetch(`${inbound.url}/v2/number_orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${inbound.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phone_numbers: [{ phone_number: '+12125550100' }], connection_id: inbound.connectionId }),
      });
      expect((await inbound.receive({ to: '+12125550100', from: FROM, pdf })).status).toBe(200);
      expect((await inbound.receive({ to: '+15550100999', from: FROM, pdf })).status).toBe(200);
      expect(receiver.hits.map((hit) => hit.event.data.payload.to)).toEqual(['+12125550100', '+15550100999']);
    } finally {
      await inbound.close();
      await receiver.close();
    }
  });
});
