import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSinchSimulator, type SinchSimulator } from './sinch';
import { makePdf } from '../factories/documents';
import { commonDocuments, startReceiver, type ReceivedRequest, type TestReceiver } from './test-receiver';

/** What a receiver of Sinch callbacks got: the path, the headers and the raw body. */
type Hit = ReceivedRequest;

type Callback = { event: string; eventTime: string; fax: Record<string, unknown>; file?: string; fileType?: string };
const jsonOf = (hit: Hit) => JSON.parse(hit.body.toString('utf8')) as Callback;

/** A multipart callback read the way a web framework would (undici's form-data parser, not the simulator's). */
async function formOf(hit: Hit) {
  const form = await new Request('http://receiver/', {
    method: 'POST',
    headers: { 'content-type': String(hit.headers['content-type']) },
    body: new Uint8Array(hit.body),
  }).formData();
  const file = form.get('file');
  return {
    event: form.get('event'),
    eventTime: form.get('eventTime'),
    fax: JSON.parse(String(form.get('fax'))) as Record<string, unknown>,
    file: file instanceof Blob ? { type: file.type, bytes: Buffer.from(await file.arrayBuffer()) } : null,
  };
}

const basicOf = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const TO = '+13125550100';
const FROM = '+13125550199';

describe('the Sinch Fax API v3 and Numbers API simulator (test-support/carriers/sinch.ts)', () => {
  let pdf: Buffer;
  let receiver: TestReceiver<Hit>;
  let sim: SinchSimulator;

  beforeAll(async () => {
    pdf = await makePdf(2);
    receiver = await startReceiver(
      {
        ...commonDocuments(pdf),
        '/broken.pdf': { type: 'application/pdf', bytes: Buffer.from('%PDF-1.7\nthis is not really a PDF') },
        '/gone.pdf': { type: 'text/plain', bytes: Buffer.from('gone'), status: 410 },
      },
      (request) => request,
    );
  });
  afterAll(() => receiver.close());

  beforeEach(async () => {
    receiver.reset();
    sim = await startSinchSimulator({ retryDelayMs: 10, stepDelayMs: 1 });
  });
  afterEach(() => sim.close());

  const auth = () => basicOf(sim.keyId, sim.keySecret);
  const faxesUrl = () => `${sim.url}/v3/projects/${sim.projectId}/faxes`;
  const hookUrl = (path = '/hooks/sinch') => `${receiver.base.replace('http://', 'http://faxline:s3cret%2Fpw@')}${path}`;
  const sendFax = (body: Record<string, unknown>, authorization = auth()) =>
    fetch(faxesUrl(), { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const valid = () => ({
    to: TO,
    from: FROM,
    contentUrl: `${receiver.base}/doc.pdf`,
    callbackUrl: hookUrl(),
    callbackUrlContentType: 'application/json',
  });
  const numbersApi = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.url}/v1/projects/${sim.projectId}${path}`, {
      ...init,
      headers: { authorization: auth(), 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });

  it('accepts a JSON fax with 200 and the fax object, fetches the content, and posts one FAX_COMPLETED with Basic auth from the URL', async () => {
    const res = await sendFax({ ...valid(), labels: { faxlineTry: 'faxline:x:1' }, resolution: 'SUPERFINE', maxRetries: 0 });
    expect(res.status).toBe(200);
    const fax = (await res.json()) as Record<string, unknown>;
    expect(fax).toMatchObject({
      direction: 'OUTBOUND',
      to: TO,
      from: FROM,
      status: 'QUEUED',
      contentUrl: [`${receiver.base}/doc.pdf`],
      labels: { faxlineTry: 'faxline:x:1' },
      resolution: 'SUPERFINE',
      maxRetries: 0,
      callbackUrlContentType: 'application/json',
      projectId: sim.projectId,
      serviceId: sim.serviceId,
    });
    expect(fax.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    // Credentials in a URL are write-only: Sinch shows them masked.
    expect(fax.callbackUrl).toBe(`${receiver.base.replace('http://', 'http://***:***@')}/hooks/sinch`);

    await sim.settled();
    expect(receiver.fetches).toEqual([{ path: '/doc.pdf', authorization: undefined }]);
    expect(receiver.hits).toHaveLength(1);
    const [hit] = receiver.hits;
    expect(hit!.path).toBe('/hooks/sinch');
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers.authorization).toBe(basicOf('faxline', 's3cret/pw'));
    const callback = jsonOf(hit!);
    expect(callback.event).toBe('FAX_COMPLETED');
    expect(Date.parse(callback.eventTime)).not.toBeNaN();
    expect(callback.fax).toMatchObject({ id: fax.id, status: 'COMPLETED', numberOfPages: 2, labels: { faxlineTry: 'faxline:x:1' } });
    expect(callback.fax.errorCode).toBeUndefined();
    expect(callback.fileType).toBe('PDF');
    expect(Buffer.from(callback.file!, 'base64').equals(pdf)).toBe(true);

    const view = await fetch(`${faxesUrl()}/${String(fax.id)}`, { headers: { authorization: auth() } });
    expect(((await view.json()) as Record<string, unknown>).status).toBe('COMPLETED');
    const file = await fetch(`${faxesUrl()}/${String(fax.id)}/file`, { headers: { authorization: auth() } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect(sim.webhooks.map((w) => [w.event, w.status, w.attempt])).toEqual([['FAX_COMPLETED', 200, 1]]);
  });

  it('answers 401 in each API’s error shape for a wrong key, no key or another project, and takes OAuth2 bearer tokens', async () => {
    for (const authorization of [basicOf(sim.keyId, 'wrong'), 'Bearer nope', '']) {
      const res = await sendFax(valid(), authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: '401', error: 'Unauthorized', message: expect.any(String) });
    }
    const otherProject = await fetch(`${sim.url}/v3/projects/another/faxes`, {
      method: 'POST',
      headers: { authorization: auth(), 'content-type': 'application/json' },
      body: JSON.stringify(valid()),
    });
    expect(otherProject.status).toBe(401);
    const numbers = await fetch(`${sim.url}/v1/projects/${sim.projectId}/availableNumbers?regionCode=US&type=LOCAL`, {
      headers: { authorization: 'Basic eDp5' },
    });
    expect(numbers.status).toBe(401);
    expect(await numbers.json()).toEqual({ error: { code: 401, message: expect.any(String), status: 'UNAUTHENTICATED', details: [] } });
    expect(sim.faxes).toHaveLength(0);

    const refused = await fetch(`${sim.url}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basicOf(sim.keyId, 'wrong'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(refused.status).toBe(401);
    const granted = await fetch(`${sim.url}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const token = (await granted.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: 'bearer', expires_in: 3599 });
    expect((await sendFax(valid(), `Bearer ${token.access_token}`)).status).toBe(200);
  });

  it('answers 422 with a field violation for each bad field, and creates nothing', async () => {
    const missing = await sendFax({});
    expect(missing.status).toBe(422);
    const body = (await missing.json()) as { code: string; error: string; details: { fieldViolations: { field: string }[] } };
    expect(body).toMatchObject({ code: '422', error: 'Invalid parameters' });
    expect(body.details.fieldViolations.map((v) => v.field)).toEqual(['to', 'contentUrl']);

    const bad = await sendFax({
      to: '3125550100',
      from: '+1 312 555 0199',
      contentUrl: 'ftp://example.com/a.pdf',
      callbackUrl: 'not a url',
      callbackUrlContentType: 'text/xml',
      resolution: 'STANDARD',
      maxRetries: 9,
      headerText: 'x'.repeat(51),
      labels: { try: 7 },
      serviceId: 'NOSUCHSERVICE',
    });
    expect(bad.status).toBe(422);
    const violations = ((await bad.json()) as typeof body).details.fieldViolations.map((v) => v.field);
    expect(violations).toEqual([
      'to',
      'from',
      'contentUrl',
      'callbackUrl',
      'callbackUrlContentType',
      'resolution',
      'headerText',
      'maxRetries',
      'labels',
      'serviceId',
    ]);
    expect(sim.faxes).toHaveLength(0);
    expect(receiver.hits).toHaveLength(0);
    expect(sim.requestLog.map((r) => r.status)).toEqual([422, 422]);
  });

  it('fails a fax with the documented error of each named outcome, in its one callback', async () => {
    const cases = [
      ['+13125550101', 'busy', 'CALL_ERROR', 17, 'Busy'],
      ['+13125550102', 'no_answer', 'CALL_ERROR', 16, 'Ring Timeout'],
      ['+13125550103', 'not_a_fax_machine', 'FAX_ERROR', 132, 'No fax tone detected'],
      ['+13125550104', 'invalid_number', 'CALL_ERROR', 34, 'Phone number not operational'],
    ] as const;
    for (const [to, error] of cases) sim.outcomeFor(to, { result: 'failed', error });
    sim.outcomeFor('+13125550105', {
      result: 'failed',
      error: { errorType: 'FAX_ERROR', errorCode: 48, errorMessage: 'No answer' },
      pagesSent: 1,
    });
    for (const [to] of cases) expect((await sendFax({ ...valid(), to })).status).toBe(200);
    expect((await sendFax({ ...valid(), to: '+13125550105' })).status).toBe(200);
    await sim.settled();
    expect(receiver.hits).toHaveLength(5);
    for (const [to, , errorType, errorCode, errorMessage] of cases) {
      const callback = receiver.hits.map(jsonOf).find((c) => c.fax.to === to)!;
      expect(callback.event).toBe('FAX_COMPLETED');
      expect(callback.fax).toMatchObject({ status: 'FAILURE', errorType, errorCode, errorMessage, pagesSentSuccessfully: 0 });
    }
    expect(receiver.hits.map(jsonOf).find((c) => c.fax.to === '+13125550105')!.fax).toMatchObject({
      errorCode: 48,
      pagesSentSuccessfully: 1,
    });
  });

  it('fails with DOCUMENT_CONVERSION_ERROR 54 when a content URL answers non-2xx, 129 for no PDF, 133 for an unreadable one', async () => {
    for (const [path, code] of [
      ['/missing.pdf', 54],
      ['/gone.pdf', 54],
      ['/note.txt', 129],
      ['/broken.pdf', 133],
    ] as const) {
      receiver.hits.length = 0;
      expect((await sendFax({ ...valid(), contentUrl: `${receiver.base}${path}` })).status).toBe(200);
      await sim.settled();
      expect(receiver.hits).toHaveLength(1);
      const callback = jsonOf(receiver.hits[0]!);
      expect(callback.fax).toMatchObject({ status: 'FAILURE', errorType: 'DOCUMENT_CONVERSION_ERROR', errorCode: code });
      if (code === 54) expect(callback.fax.errorMessage).toBe(`Could not access the url you provided. ${receiver.base}${path}`);
      expect(callback.file).toBeUndefined();
    }
    expect(sim.faxes.map((f) => f.fetches[0]!.status)).toEqual([404, 410, 200, 200]);
  });

  it('posts the callback as multipart/form-data by default: event, eventTime and fax fields, the PDF as a file part', async () => {
    const { callbackUrlContentType: _json, ...multipart } = valid();
    await sendFax(multipart);
    await sim.settled();
    const [hit] = receiver.hits;
    expect(String(hit!.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(hit!);
    expect(form.event).toBe('FAX_COMPLETED');
    expect(form.fax).toMatchObject({ status: 'COMPLETED', numberOfPages: 2, callbackUrlContentType: 'multipart/form-data' });
    expect(form.file!.type).toBe('application/pdf');
    expect(form.file!.bytes.equals(pdf)).toBe(true);
  });

  it('takes a multipart send with a file part and content URLs, renders them into one fax, and sends one fax per number', async () => {
    const form = new FormData();
    form.append('to', TO);
    form.append('to', '+13125550107');
    form.append('contentUrl', `${receiver.base}/doc.pdf, ${receiver.base}/doc.pdf`);
    form.append('callbackUrl', hookUrl());
    form.append('callbackUrlContentType', 'application/json');
    form.append('labels', JSON.stringify({ faxlineTry: 'faxline:y:2' }));
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'doc.pdf');
    const res = await fetch(faxesUrl(), { method: 'POST', headers: { authorization: auth() }, body: form });
    expect(res.status).toBe(200);
    const { faxes } = (await res.json()) as { faxes: { id: string; to: string }[] };
    expect(faxes.map((f) => f.to)).toEqual([TO, '+13125550107']);
    await sim.settled();
    expect(receiver.hits.map(jsonOf).map((c) => [c.fax.to, c.fax.numberOfPages, c.fax.labels])).toEqual(
      expect.arrayContaining([
        [TO, 6, { faxlineTry: 'faxline:y:2' }],
        ['+13125550107', 6, { faxlineTry: 'faxline:y:2' }],
      ]),
    );
    expect(sim.faxes[0]!.requestContentType).toMatch(/^multipart\/form-data/);
  });

  it('sends the callback twice in duplicated mode, and a late copy after the next fax’s callback in reordered mode', async () => {
    sim.webhookMode('duplicated');
    await sendFax(valid());
    await sim.settled();
    expect(receiver.hits).toHaveLength(2);
    expect(receiver.hits[0]!.body.equals(receiver.hits[1]!.body)).toBe(true);

    receiver.hits.length = 0;
    sim.webhookMode('reordered');
    await sendFax({ ...valid(), to: '+13125550108' });
    await sim.faxes.at(-1)!.done;
    await sendFax({ ...valid(), to: '+13125550109' });
    await sim.settled();
    expect(receiver.hits.map((hit) => jsonOf(hit).fax.to)).toEqual(['+13125550108', '+13125550109', '+13125550108', '+13125550109']);
    expect(sim.webhooks.slice(-4).map((w) => w.late ?? false)).toEqual([false, false, true, true]);
    expect(receiver.hits.every((hit) => hit.headers.authorization === basicOf('faxline', 's3cret/pw'))).toBe(true);
  });

  it('retries a callback the receiver does not answer 200, with the same body each time', async () => {
    receiver.answers.push(500, 503);
    await sendFax(valid());
    await sim.settled();
    expect(sim.faxes[0]!.webhooks.map((w) => [w.attempt, w.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(new Set(receiver.hits.map((hit) => hit.body.toString())).size).toBe(1);
  });

  it('answers failNextSends with that status and the error body, creating nothing, then accepts again', async () => {
    sim.failNextSends(503, 2);
    for (let i = 0; i < 2; i += 1) {
      const res = await sendFax(valid());
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ code: '503', error: 'Service Unavailable', message: expect.any(String) });
    }
    expect(sim.faxes).toHaveLength(0);
    expect((await sendFax(valid())).status).toBe(200);
    expect(sim.faxes).toHaveLength(1);
  });

  it('searches the inventory by region, type, pattern (on the whole E.164 number), capability and size', async () => {
    const search = async (query: string) => {
      const res = await numbersApi(`/availableNumbers?${query}`);
      return { status: res.status, body: (await res.json()) as { availableNumbers: { phoneNumber: string; monthlyPrice: unknown }[] } };
    };
    const us212 = await search('regionCode=US&type=LOCAL&numberPattern.pattern=%2B1212&numberPattern.searchPattern=START&size=4');
    expect(us212.status).toBe(200);
    expect(us212.body.availableNumbers.map((n) => n.phoneNumber)).toEqual(['+12125550100', '+12125550101', '+12125550102', '+12125550103']);
    expect(us212.body.availableNumbers[0]).toMatchObject({
      regionCode: 'US',
      type: 'LOCAL',
      monthlyPrice: { currencyCode: 'USD', amount: '1.00' },
    });
    // A bare area code never starts a "+1…" number, as at Sinch.
    expect(
      (await search('regionCode=US&type=LOCAL&numberPattern.pattern=212&numberPattern.searchPattern=START')).body.availableNumbers,
    ).toEqual([]);
    expect((await search('regionCode=US&type=LOCAL')).body.availableNumbers).toHaveLength(20);
    expect((await search('regionCode=US&type=TOLL_FREE')).body.availableNumbers).toHaveLength(4);
    expect(
      (await search('regionCode=CA&type=LOCAL&capabilities=SMS')).body.availableNumbers.every((n) => n.phoneNumber.startsWith('+1416')),
    ).toBe(true);
    expect(
      (await search('regionCode=FR&type=LOCAL&numberPattern.pattern=%2B334&numberPattern.searchPattern=START')).body.availableNumbers,
    ).toHaveLength(5);
    expect(
      (await search('regionCode=FR&type=LOCAL&numberPattern.pattern=360104&numberPattern.searchPattern=END')).body.availableNumbers,
    ).toEqual([expect.objectContaining({ phoneNumber: '+33170360104' })]);

    const invalid = await numbersApi('/availableNumbers?type=LOCAL');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: {
        code: 400,
        message: expect.any(String),
        status: 'INVALID_ARGUMENT',
        details: [{ type: 'BadRequest', fieldViolations: [{ field: 'regionCode', description: 'regionCode is required' }] }],
      },
    });
  });

  it('rents a number with its fax configuration (provisioned a moment later), and releases it until the paid month ends', async () => {
    const rented = await numbersApi('/availableNumbers/%2B12125550105:rent', {
      method: 'POST',
      body: JSON.stringify({ voiceConfiguration: { type: 'FAX', serviceId: sim.serviceId } }),
    });
    expect(rented.status).toBe(200);
    expect(await rented.json()).toMatchObject({
      phoneNumber: '+12125550105',
      projectId: sim.projectId,
      regionCode: 'US',
      expireAt: null,
      voiceConfiguration: { type: 'FAX', scheduledVoiceProvisioning: { type: 'FAX', serviceId: sim.serviceId, status: 'WAITING' } },
    });
    expect(sim.availableNumbers.some((n) => n.phoneNumber === '+12125550105')).toBe(false);
    await sim.settled();
    const active = await numbersApi('/activeNumbers/%2B12125550105');
    expect(((await active.json()) as { voiceConfiguration: unknown }).voiceConfiguration).toMatchObject({
      type: 'FAX',
      serviceId: sim.serviceId,
      scheduledVoiceProvisioning: null,
    });

    const again = await numbersApi('/availableNumbers/+12125550105:rent', {
      method: 'POST',
      body: JSON.stringify({ voiceConfiguration: { type: 'FAX', serviceId: sim.serviceId } }),
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    const badService = await numbersApi('/availableNumbers/+12125550106:rent', {
      method: 'POST',
      body: JSON.stringify({ voiceConfiguration: { type: 'FAX', serviceId: 'NOPE' } }),
    });
    expect(badService.status).toBe(400);

    const released = await numbersApi('/activeNumbers/%2B12125550105:release', { method: 'POST' });
    expect(released.status).toBe(200);
    const body = (await released.json()) as { expireAt: string; nextChargeDate: string };
    expect(body.expireAt).toBe(body.nextChargeDate);
    expect(sim.activeNumbers.find((n) => n.phoneNumber === '+12125550105')!.expireAt).toBe(body.expireAt);
    expect((await numbersApi('/activeNumbers/%2B12125550199:release', { method: 'POST' })).status).toBe(404);
  });

  it('delivers an inbound fax as INCOMING_FAX to the service’s incomingWebhookUrl, the file kept behind authentication', async () => {
    await numbersApi('/availableNumbers/%2B14165550100:rent', {
      method: 'POST',
      body: JSON.stringify({ voiceConfiguration: { type: 'FAX', serviceId: sim.serviceId } }),
    });
    await expect(sim.receive({ to: '+14165550100', from: FROM, pdf })).rejects.toThrow(/no incomingWebhookUrl/);
    const patched = await fetch(`${sim.url}/v3/projects/${sim.projectId}/services/${sim.serviceId}`, {
      method: 'PATCH',
      headers: { authorization: auth(), 'content-type': 'application/json' },
      body: JSON.stringify({
        incomingWebhookUrl: hookUrl('/hooks/in'),
        webhookContentType: 'application/json',
        saveInboundFaxDocuments: true,
      }),
    });
    expect(((await patched.json()) as { incomingWebhookUrl: string }).incomingWebhookUrl).toBe(
      `${receiver.base.replace('http://', 'http://***:***@')}/hooks/in`,
    );

    const { faxId, status, fileUrl } = await sim.receive({ to: '+14165550100', from: FROM, pdf });
    expect(status).toBe(200);
    const [hit] = receiver.hits;
    expect(hit!.path).toBe('/hooks/in');
    expect(hit!.headers.authorization).toBe(basicOf('faxline', 's3cret/pw'));
    const callback = jsonOf(hit!);
    expect(callback).toMatchObject({ event: 'INCOMING_FAX', fileType: 'PDF' });
    expect(callback.fax).toMatchObject({
      id: faxId,
      direction: 'INBOUND',
      from: FROM,
      to: '+14165550100',
      status: 'COMPLETED',
      numberOfPages: 2,
      hasFile: 'true',
      serviceId: sim.serviceId,
    });
    expect(Buffer.from(callback.file!, 'base64').equals(pdf)).toBe(true);
    expect(fileUrl).toBe(`${sim.url}/v3/projects/${sim.projectId}/faxes/${faxId}/file`);
    expect((await fetch(fileUrl)).status).toBe(401);
    const file = await fetch(fileUrl, { headers: { authorization: auth() } });
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(`${fileUrl}.pdf`, { headers: { authorization: auth() } })).status).toBe(200);

    // A service that keeps no inbound documents: multipart (its default), and nothing to download afterwards.
    await fetch(`${sim.url}/v3/projects/${sim.projectId}/services/${sim.serviceId}`, {
      method: 'PATCH',
      headers: { authorization: auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ webhookContentType: 'multipart/form-data', saveInboundFaxDocuments: false }),
    });
    const second = await sim.receive({ to: '+14165550100', from: FROM, pdf, pages: 5 });
    const form = await formOf(receiver.hits[1]!);
    expect(form.event).toBe('INCOMING_FAX');
    expect(form.fax).toMatchObject({ id: second.faxId, numberOfPages: 5, hasFile: 'false' });
    expect(form.file!.bytes.equals(pdf)).toBe(true);
    expect((await fetch(second.fileUrl, { headers: { authorization: auth() } })).status).toBe(404);
    await expect(sim.receive({ to: '+19995550100', from: FROM, pdf })).rejects.toThrow(/not a number of this project/);
  });

  it('posts arbitrary bodies with the URL’s credentials, its own, another’s or none, for authentication tests', async () => {
    const body = { event: 'FAX_COMPLETED', fax: { id: 'F1', status: 'COMPLETED' } };
    await sim.sendWebhook(hookUrl(), body);
    await sim.sendWebhook(`${receiver.base}/hooks/sinch`, body);
    await sim.sendWebhook(`${receiver.base}/hooks/sinch`, body, { signWith: 'other' });
    await sim.sendWebhook(`${receiver.base}/hooks/sinch`, body, { signWith: 'none' });
    expect(receiver.hits.map((hit) => hit.headers.authorization)).toEqual([
      basicOf('faxline', 's3cret/pw'),
      basicOf(sim.webhookUser, sim.webhookSecret),
      expect.stringMatching(/^Basic /),
      undefined,
    ]);
    expect(receiver.hits[2]!.headers.authorization).not.toBe(basicOf(sim.webhookUser, sim.webhookSecret));
    expect(receiver.hits.every((hit) => hit.body.toString() === JSON.stringify(body))).toBe(true);
    expect(sim.webhooks.map((w) => [w.event, w.faxId, w.status])).toEqual(Array(4).fill(['FAX_COMPLETED', 'F1', 200]));
  });
});
