import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSignalWireSimulator, type SignalWireSimulator } from './signalwire';
import { makePdf } from '../factories/documents';

/** What a receiver of SignalWire's requests got: the URL as requested, the headers, the raw form body, its parameters. */
interface Hit {
  method: string;
  path: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  params: Record<string, string>;
}

type Answer = { status?: number; type?: string; body?: string };

/**
 * A small node:http receiver: serves test documents on GET /docs/…, records every other request, and answers what
 * `respond` says for it (else 200 with no body).
 */
async function startReceiver(documents: Record<string, { type: string; bytes: Buffer; status?: number }>) {
  const hits: Hit[] = [];
  const state: { respond: (hit: Hit) => Answer | undefined } = { respond: () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const doc = documents[path];
      if (req.method === 'GET' && path.startsWith('/docs/')) {
        if (!doc) return void res.writeHead(404).end('not here');
        const redirect = doc.status && doc.status >= 300 && doc.status < 400 ? { location: '/docs/doc.pdf' } : {};
        res.writeHead(doc.status ?? 200, { 'content-type': doc.type, ...redirect }).end(doc.bytes);
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const url = `${base}${path}`;
      const params = Object.fromEntries(req.method === 'GET' ? new URL(url).searchParams : new URLSearchParams(body));
      const hit: Hit = { method: req.method ?? 'GET', path, url, headers: req.headers, body, params };
      hits.push(hit);
      const answer = state.respond(hit) ?? {};
      res.writeHead(answer.status ?? 200, answer.type ? { 'content-type': answer.type } : {}).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, hits, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The check the brief names, written from SignalWire's webhook-security page, not from the simulator: HMAC-SHA1 with
 * the Signing Key over the full URL followed by every POST parameter's name and value, by name; base64.
 */
function verifies(key: string, hit: Pick<Hit, 'url' | 'headers' | 'body' | 'method'>): boolean {
  const params = new URLSearchParams(hit.method === 'GET' ? '' : hit.body);
  let data = hit.url;
  for (const name of [...new Set(params.keys())].sort()) for (const value of params.getAll(name)) data += name + value;
  return createHmac('sha1', key).update(data, 'utf8').digest('base64') === hit.headers['x-signalwire-signature'];
}

const TO = '+13125550100';
const FROM = '+13125550199';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('the SignalWire simulator (test-support/carriers/signalwire.ts)', () => {
  let pdf: Buffer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sim: SignalWireSimulator;

  beforeAll(async () => {
    pdf = await makePdf(2);
    receiver = await startReceiver({
      '/docs/doc.pdf': { type: 'application/pdf', bytes: pdf },
      '/docs/note.txt': { type: 'text/plain', bytes: Buffer.from('not a pdf') },
      '/docs/moved.pdf': { type: 'text/plain', bytes: Buffer.from(''), status: 302 },
    });
  });
  afterAll(() => receiver.close());

  beforeEach(async () => {
    receiver.hits.length = 0;
    receiver.state.respond = () => undefined;
    sim = await startSignalWireSimulator({ stepDelayMs: 1 });
  });
  afterEach(() => sim.close());

  const auth = () => basic(sim.projectId, sim.apiToken);
  const faxesUrl = () => `${sim.url}/api/laml/2010-04-01/Accounts/${sim.projectId}/Faxes`;
  const sendFax = (params: Record<string, string>, authorization = auth()) =>
    fetch(faxesUrl(), {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
  const valid = (): Record<string, string> => ({
    To: TO,
    From: FROM,
    MediaUrl: `${receiver.base}/docs/doc.pdf`,
    StatusCallback: `${receiver.base}/hooks/signalwire?try=faxline%3Afax-7%3A1`,
  });
  const statuses = () => receiver.hits.map((hit) => hit.params.FaxStatus);
  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.url}/api/relay/rest${path}`, {
      ...init,
      headers: { authorization: auth(), 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });

  it('accepts a fax with the fax resource, fetches the media and posts signed status callbacks ending delivered', async () => {
    const res = await sendFax({ ...valid(), Quality: 'superfine' });
    expect(res.status).toBe(200);
    const fax = (await res.json()) as Record<string, unknown>;
    expect(fax).toMatchObject({
      account_sid: sim.projectId,
      api_version: 'v1',
      direction: 'outbound',
      from: FROM,
      to: TO,
      media_url: `${receiver.base}/docs/doc.pdf`,
      num_pages: null,
      quality: 'superfine',
      status: 'queued',
      url: `/api/laml/2010-04-01/Accounts/${sim.projectId}/Faxes/${String(fax.sid)}`,
    });
    expect(fax.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect((fax.links as { media: string }).media).toMatch(new RegExp(`/Faxes/${String(fax.sid)}/Media/[0-9a-f-]{36}$`));

    await sim.settled();
    expect(sim.faxes[0]!.media).toMatchObject({ status: 200, contentType: 'application/pdf' });
    expect(sim.faxes[0]!.media!.bytes.equals(pdf)).toBe(true);
    expect(statuses()).toEqual(['processing', 'sending', 'delivered']);
    for (const hit of receiver.hits) {
      expect(hit.method).toBe('POST');
      expect(hit.path).toBe('/hooks/signalwire?try=faxline%3Afax-7%3A1');
      expect(hit.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(verifies(sim.signingKey, hit)).toBe(true);
      expect(verifies(sim.apiToken, hit)).toBe(false);
      expect(hit.params).toMatchObject({
        AccountSid: sim.projectId,
        ApiVersion: 'v1',
        FaxSid: fax.sid,
        From: FROM,
        To: TO,
        OriginalMediaUrl: `${receiver.base}/docs/doc.pdf`,
      });
    }
    const delivered = receiver.hits[2]!.params;
    expect(delivered).toMatchObject({ NumPages: '2', RemoteStationId: TO });
    // The stored copy (StoreMedia defaults to true) is served at MediaUrl, behind the API's Basic auth.
    const stored = await fetch(delivered.MediaUrl!, { headers: { authorization: auth() } });
    expect(Buffer.from(await stored.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(delivered.MediaUrl!)).status).toBe(401);

    const view = await fetch(`${faxesUrl()}/${String(fax.sid)}.json`, { headers: { authorization: auth() } });
    expect(await view.json()).toMatchObject({ sid: fax.sid, status: 'delivered', num_pages: 2, duration: expect.any(Number) });
  });

  it('answers 401 with the error shape for wrong or missing credentials, and 404 for an unknown fax or project', async () => {
    for (const authorization of [basic(sim.projectId, 'wrong'), basic('someone-else', sim.apiToken), '']) {
      const res = await sendFax(valid(), authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Basic');
      expect(await res.json()).toEqual({ code: 401, message: expect.any(String), more_info: expect.any(String), status: 401 });
    }
    const numbers = await fetch(`${sim.url}/api/relay/rest/phone_numbers/search`);
    expect(numbers.status).toBe(401);
    expect(await numbers.json()).toEqual({ errors: [expect.objectContaining({ code: 'unauthorized', message: expect.any(String) })] });

    const unknown = await fetch(`${faxesUrl()}/00000000-0000-4000-8000-000000000000`, { headers: { authorization: auth() } });
    expect(unknown.status).toBe(404);
    const otherProject = await fetch(`${sim.url}/api/laml/2010-04-01/Accounts/00000000-0000-4000-8000-000000000000/Faxes`, {
      method: 'POST',
      headers: { authorization: auth() },
    });
    expect(otherProject.status).toBe(404);
    expect(sim.faxes).toHaveLength(0);
  });

  it('answers 400 with the documented codes for missing or malformed parameters, and creates nothing', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ ...valid(), To: '' }, 21212],
      [{ ...valid(), To: '3125550100' }, 21212],
      [{ ...valid(), From: '+1 312 555 0199' }, 21212],
      [{ ...valid(), MediaUrl: '' }, 21620],
      [{ ...valid(), MediaUrl: 'ftp://example.com/a.pdf' }, 21620],
      [{ ...valid(), Quality: 'best' }, 400],
      [{ ...valid(), StatusCallback: 'not a url' }, 400],
      [{ ...valid(), Ttl: '1' }, 400],
    ];
    for (const [params, code] of cases) {
      const res = await sendFax(params);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code, message: expect.any(String), status: 400 });
    }
    expect(sim.faxes).toHaveLength(0);
    await sim.settled();
    expect(receiver.hits).toHaveLength(0);
  });

  it('accepts the same send as JSON, and a SIP URI as To', async () => {
    const res = await fetch(`${faxesUrl()}.json`, {
      method: 'POST',
      headers: { authorization: auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ ...valid(), To: 'sip:fax@example.com' }),
    });
    expect(res.status).toBe(200);
    await sim.settled();
    expect(sim.faxes[0]!.request).toMatchObject({ To: 'sip:fax@example.com' });
    expect(statuses()).toEqual(['processing', 'sending', 'delivered']);
  });

  it('ends a fax to a busy line busy, to a silent one no-answer, and a failure with its ErrorCode and ErrorMessage', async () => {
    sim.outcomeFor('+13125550101', { result: 'busy' });
    sim.outcomeFor('+13125550102', { result: 'no-answer' });
    sim.outcomeFor('+13125550103', { result: 'failed', errorCode: '2', errorMessage: 'Timed out waiting for initial communication' });
    for (const to of ['+13125550101', '+13125550102', '+13125550103']) expect((await sendFax({ ...valid(), To: to })).status).toBe(200);
    await sim.settled();
    const finals = sim.faxes.map((sent) => sent.webhooks.at(-1)!.params);
    expect(finals.map((params) => params.FaxStatus)).toEqual(['busy', 'no-answer', 'failed']);
    expect(finals[0]).not.toHaveProperty('ErrorCode');
    expect(finals[2]).toMatchObject({ ErrorCode: '2', ErrorMessage: 'Timed out waiting for initial communication' });
    expect(sim.faxes.map((sent) => sent.fax.status)).toEqual(['busy', 'no-answer', 'failed']);
    expect(receiver.hits.every((hit) => verifies(sim.signingKey, hit))).toBe(true);
  });

  it('fails with 11200 when MediaUrl does not answer 2xx (404, a redirect) and 12300 when it is no PDF', async () => {
    for (const [path, code, message] of [
      ['/docs/missing.pdf', '11200', 'HTTP Retrieval Failure'],
      ['/docs/moved.pdf', '11200', 'HTTP Retrieval Failure'],
      ['/docs/note.txt', '12300', 'Invalid Content-Type'],
    ] as const) {
      receiver.hits.length = 0;
      expect((await sendFax({ ...valid(), MediaUrl: `${receiver.base}${path}` })).status).toBe(200);
      await sim.settled();
      expect(statuses()).toEqual(['processing', 'failed']);
      expect(receiver.hits[1]!.params).toMatchObject({ ErrorCode: code, ErrorMessage: message });
    }
    expect(sim.faxes.map((f) => f.media?.status)).toEqual([404, 302, 200]);
  });

  it('posts each callback twice in duplicated mode, and the final one first in reordered mode', async () => {
    sim.webhookMode('duplicated');
    await sendFax(valid());
    await sim.settled();
    expect(statuses()).toEqual(['processing', 'processing', 'sending', 'sending', 'delivered', 'delivered']);
    for (let i = 0; i < 6; i += 2) expect(receiver.hits[i]!.body).toBe(receiver.hits[i + 1]!.body);

    receiver.hits.length = 0;
    sim.webhookMode('reordered');
    await sendFax(valid());
    await sim.settled();
    expect(statuses()).toEqual(['delivered', 'processing', 'sending']);
    expect(receiver.hits.every((hit) => verifies(sim.signingKey, hit))).toBe(true);
  });

  it('requests a GET status callback with the parameters in the query, signing that URL', async () => {
    await sendFax({ ...valid(), StatusCallbackMethod: 'GET' });
    await sim.settled();
    expect(receiver.hits.map((hit) => [hit.method, hit.params.FaxStatus, hit.params.try])).toEqual([
      ['GET', 'processing', 'faxline:fax-7:1'],
      ['GET', 'sending', 'faxline:fax-7:1'],
      ['GET', 'delivered', 'faxline:fax-7:1'],
    ]);
    expect(receiver.hits.every((hit) => verifies(sim.signingKey, hit))).toBe(true);
  });

  it('answers failNextSends with that status and the error body, creating nothing, then accepts again', async () => {
    sim.failNextSends(503, 2);
    for (let i = 0; i < 2; i += 1) {
      const res = await sendFax(valid());
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 503, status: 503 });
    }
    expect(sim.faxes).toHaveLength(0);
    expect((await sendFax(valid())).status).toBe(200);
    expect(sim.requestLog.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([503, 503, 200]);
  });

  describe('numbers', () => {
    const search = async (query: string) => {
      const res = await rest(`/phone_numbers/search${query}`);
      return { status: res.status, body: (await res.json()) as { data?: Array<Record<string, unknown>>; errors?: unknown[] } };
    };

    it('searches by area code, region, pattern and max_results, each result naming its country', async () => {
      const chicago = await search('?areacode=312');
      expect(chicago.status).toBe(200);
      expect(chicago.body.data).toHaveLength(12);
      expect(chicago.body.data![0]).toEqual({
        e164: '+13125550101',
        national_number_formatted: '(312) 555-0101',
        international_number_formatted: '+1 312-555-0101',
        rate_center: 'CHICAGO',
        region: 'IL',
        country_code: 'US',
        capabilities: ['voice', 'sms', 'mms', 'fax'],
      });
      const toronto = await search('?areacode=416&max_results=3');
      expect(toronto.body.data!.map((n) => [n.e164, n.country_code])).toEqual([
        ['+14165550131', 'CA'],
        ['+14165550132', 'CA'],
        ['+14165550133', 'CA'],
      ]);
      expect((await search('?region=BC')).body.data).toHaveLength(6);
      expect((await search('?region=ON&city=Toronto')).body.data).toHaveLength(10);
      expect((await search('?ends_with=0130')).body.data!.map((n) => n.e164)).toEqual(['+14155550130']);
      expect((await search('?number_type=toll-free')).body.data).toEqual([]);
      expect((await search('')).body.data).toHaveLength(38);
      expect((await search('')).body.data!.filter((n) => !(n.capabilities as string[]).includes('fax'))).toHaveLength(2);
    });

    it('answers 422 for the documented exclusions', async () => {
      for (const query of [
        '?areacode=312&region=IL',
        '?starts_with=312&contains=555',
        '?max_results=101',
        '?city=Chicago',
        '?contains=12',
      ]) {
        const { status, body } = await search(query);
        expect(status).toBe(422);
        expect(body.errors).toEqual([expect.objectContaining({ code: 'invalid_parameter', message: expect.any(String) })]);
      }
    });

    it('buys a number, points it at a fax URL, shows it, and releases it', async () => {
      const bought = await rest('/phone_numbers', { method: 'POST', body: JSON.stringify({ number: '+14165550134' }) });
      expect(bought.status).toBe(200);
      const owned = (await bought.json()) as { id: string; number: string; call_receive_mode: string };
      expect(owned).toMatchObject({ number: '+14165550134', call_receive_mode: 'voice', call_handler: null, country_code: 'CA' });
      expect(sim.ownedNumbers.map((n) => n.number)).toEqual(['+14165550134']);
      expect((await search('?areacode=416')).body.data!.map((n) => n.e164)).not.toContain('+14165550134');

      const again = await rest('/phone_numbers', { method: 'POST', body: JSON.stringify({ number: '+14165550134' }) });
      expect(again.status).toBe(422);
      expect((await rest('/phone_numbers', { method: 'POST', body: '{}' })).status).toBe(422);

      const settings = {
        call_handler: 'laml_webhooks',
        call_receive_mode: 'fax',
        call_request_url: `${receiver.base}/hooks/inbound`,
        call_request_method: 'POST',
      };
      const put = await rest(`/phone_numbers/${owned.id}`, { method: 'PUT', body: JSON.stringify(settings) });
      expect(put.status).toBe(200);
      expect(await put.json()).toMatchObject(settings);
      const bad = await rest(`/phone_numbers/${owned.id}`, { method: 'PUT', body: JSON.stringify({ call_receive_mode: 'telex' }) });
      expect(bad.status).toBe(422);
      expect(await (await rest(`/phone_numbers/${owned.id}`)).json()).toMatchObject(settings);

      expect((await rest(`/phone_numbers/${owned.id}`, { method: 'DELETE' })).status).toBe(204);
      expect(sim.ownedNumbers).toEqual([]);
      expect((await rest(`/phone_numbers/${owned.id}`, { method: 'DELETE' })).status).toBe(404);
    });
  });

  describe('inbound faxes', () => {
    const ownFaxNumber = async (number: string, path = '/hooks/inbound') => {
      const bought = (await (await rest('/phone_numbers', { method: 'POST', body: JSON.stringify({ number }) })).json()) as { id: string };
      await rest(`/phone_numbers/${bought.id}`, {
        method: 'PUT',
        body: JSON.stringify({ call_handler: 'laml_webhooks', call_receive_mode: 'fax', call_request_url: `${receiver.base}${path}` }),
      });
    };
    const laml = (xml: string, type = 'application/xml') => ({ type, body: xml });

    it('requests the number URL, and on <Receive action> posts the received fax with a media link that needs the credentials', async () => {
      await ownFaxNumber('+13125550105');
      receiver.state.respond = (hit) =>
        hit.path === '/hooks/inbound'
          ? laml('<?xml version="1.0" encoding="UTF-8"?><Response><Receive action="/hooks/received?a=1&amp;b=2"/></Response>')
          : undefined;
      const result = await sim.receive({ to: '+13125550105', from: FROM, pdf });
      expect(result).toMatchObject({ outcome: 'received', requestStatus: 200, actionStatus: 200 });

      const [asked, done] = receiver.hits;
      expect(asked!.path).toBe('/hooks/inbound');
      expect(asked!.params).toEqual({ AccountSid: sim.projectId, ApiVersion: 'v1', FaxSid: result.faxSid, From: FROM, To: '+13125550105' });
      expect(verifies(sim.signingKey, asked!)).toBe(true);
      expect(done!.path).toBe('/hooks/received?a=1&b=2');
      expect(verifies(sim.signingKey, done!)).toBe(true);
      expect(done!.params).toMatchObject({
        FaxSid: result.faxSid,
        FaxStatus: 'received',
        NumPages: '2',
        From: FROM,
        To: '+13125550105',
        MediaUrl: result.mediaUrl,
      });

      expect((await fetch(result.mediaUrl!)).status).toBe(401);
      const media = await fetch(result.mediaUrl!, { headers: { authorization: auth() } });
      expect(media.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await media.arrayBuffer()).equals(pdf)).toBe(true);
      const fax = await fetch(`${faxesUrl()}/${result.faxSid}`, { headers: { authorization: auth() } });
      expect(await fax.json()).toMatchObject({ direction: 'inbound', status: 'received', num_pages: 2 });
    });

    it('on <Reject/> refuses the fax and requests nothing more; a broken answer is an error with its code', async () => {
      await ownFaxNumber('+13125550106');
      const answers: Answer[] = [
        laml('<Response><Reject/></Response>', 'text/xml'),
        { status: 500 },
        laml('<Response><Receive/></Response>', 'text/plain'),
        laml('<Response><Say>hello</Say></Response>'),
        laml('<Response></Response>'),
      ];
      receiver.state.respond = () => answers.shift();
      const rejected = await sim.receive({ to: '+13125550106', from: FROM, pdf });
      expect(rejected).toMatchObject({ outcome: 'rejected', mediaUrl: null, actionStatus: null });
      expect(receiver.hits).toHaveLength(1);
      const fax = await fetch(`${faxesUrl()}/${rejected.faxSid}`, { headers: { authorization: auth() } });
      expect(await fax.json()).toMatchObject({ status: 'canceled' });

      const errors = [];
      for (let i = 0; i < 4; i += 1) errors.push((await sim.receive({ to: '+13125550106', from: FROM, pdf })).errorCode);
      expect(errors).toEqual(['11200', '12300', '12100', '12100']);
      expect(receiver.hits).toHaveLength(5);
    });

    it('refuses a fax call to a number that does not take faxes', async () => {
      await expect(sim.receive({ to: '+13125550107', from: FROM, pdf })).rejects.toThrow(/not a number of the project/);
      await rest('/phone_numbers', { method: 'POST', body: JSON.stringify({ number: '+13125550107' }) });
      await expect(sim.receive({ to: '+13125550107', from: FROM, pdf })).rejects.toThrow(/LaML webhooks/);
    });
  });

  it('posts arbitrary parameters signed with the project key or another one, for the receiver to refuse', async () => {
    const params = { FaxSid: 'fax-1', FaxStatus: 'delivered', To: TO, AccountSid: sim.projectId };
    const target = `${receiver.base}/hooks/signalwire?try=x`;
    const good = await sim.sendWebhook(target, params);
    const forged = await sim.sendWebhook(target, params, { signWith: 'other' });
    expect([good.status, forged.status]).toEqual([200, 200]);
    const [a, b] = receiver.hits;
    expect(a!.body).toBe(good.body);
    expect(verifies(sim.signingKey, a!)).toBe(true);
    expect(verifies(sim.signingKey, b!)).toBe(false);
    expect(sim.signature(target, params)).toBe(good.signature);
    expect(verifies(sim.signingKey, { ...a!, url: `${receiver.base}/hooks/signalwire?try=y` })).toBe(false);
  });
});
