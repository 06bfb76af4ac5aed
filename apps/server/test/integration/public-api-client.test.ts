import { randomUUID } from 'node:crypto';
import { createFaxlineClient } from '@faxline/client';
import { faxesSentTo } from '@faxline/client/examples/list-faxes';
import { sendAndPoll } from '@faxline/client/examples/send-and-poll';
import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { openApiDocument } from '@faxline/shared/api-v1';
import { makePdf } from '@test-support/factories/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faxes } from '../../src/faxes/schema';
import { ownerWithApiKey } from '../support/api-keys';
import { openTestApp, type TestApp } from '../support/test-app';

// The typed client (packages/client) and its README's examples, over real HTTP against the server with its
// worker and the sandbox line; and the OpenAPI document it is generated from, held to the routes the server has.
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.05' } });
  baseUrl = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
}, 180_000);
afterAll(() => t.close());

describe('the client, as the README shows it', () => {
  it('sends a 1-page PDF and waits until it is delivered (examples/send-and-poll.ts)', async () => {
    const { secret } = await ownerWithApiKey(t);
    const fax = await sendAndPoll({ baseUrl, apiKey: secret, pdf: await makePdf(1), to: SANDBOX_TEST_NUMBERS.delivers });
    expect(fax).toMatchObject({ status: 'delivered', direction: 'outbound', to: SANDBOX_TEST_NUMBERS.delivers, channel: 'api', pages: 1 });
    expect(fax.attempts[0]).toMatchObject({ number: 1, result: 'delivered' });

    const client = createFaxlineClient({ baseUrl, apiKey: secret });
    expect((await faxesSentTo(client, SANDBOX_TEST_NUMBERS.delivers)).map((f) => f.id)).toEqual([fax.id]);
  }, 180_000);

  it('lists every fax to a number by cursor, each once, newest first (examples/list-faxes.ts)', async () => {
    const { secret, account } = await ownerWithApiKey(t);
    // 135 faxes straight into the table (the list is what is tested): 130 to one number, two pages of 100, and 5 to another.
    await t.db.insert(faxes).values(
      Array.from({ length: 135 }, (_, i) => ({
        accountId: account.id,
        direction: 'outbound' as const,
        status: 'delivered' as const,
        toNumber: i < 130 ? '+15550100077' : '+15550100088',
        quality: 'fine' as const,
        channel: 'api' as const,
        createdAt: new Date(Date.now() - (i % 7) * 1000),
      })),
    );
    const listed = await faxesSentTo(createFaxlineClient({ baseUrl, apiKey: secret }), '+15550100077');
    expect(listed).toHaveLength(130);
    expect(new Set(listed.map((f) => f.id)).size).toBe(130);
    expect(listed.every((f) => f.to === '+15550100077')).toBe(true);
    const times = listed.map((f) => Date.parse(f.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('returns typed errors: a bad key is a 401 authentication_error, and the example says so', async () => {
    const client = createFaxlineClient({ baseUrl, apiKey: 'fl_live_not-a-key' });
    const { data, error, response } = await client.GET('/faxes');
    expect(data).toBeUndefined();
    expect(response.status).toBe(401);
    expect(error?.error).toMatchObject({
      type: 'authentication_error',
      code: 'errors.invalidApiKey',
      message: 'Invalid API key provided.',
    });
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);

    const sending = sendAndPoll({ baseUrl, apiKey: 'fl_live_not-a-key', pdf: await makePdf(1), to: SANDBOX_TEST_NUMBERS.delivers });
    await expect(sending).rejects.toThrow(/authentication_error/);
  });

  it('sends an Idempotency-Key: the same key and body answer the same fax, replayed', async () => {
    const { secret } = await ownerWithApiKey(t);
    const client = createFaxlineClient({ baseUrl, apiKey: secret });
    const key = randomUUID();
    const sendTime = new Date(Date.now() + 86_400_000).toISOString();
    const send = () =>
      client.POST('/faxes', {
        params: { header: { 'Idempotency-Key': key } },
        body: { recipient: SANDBOX_TEST_NUMBERS.delivers, send_time: sendTime, cover_page: { notes: 'Tomorrow' } },
      });
    const first = await send();
    const again = await send();
    expect(first.response.status, JSON.stringify(first.error)).toBe(202);
    expect(again.data).toEqual(first.data);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('the OpenAPI document and the server', () => {
  it('is served at /v1/openapi.json without a key, as generated', async () => {
    const response = await fetch(`${baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument('/v1'))));
  });

  it('documents every /v1 route the server registers, and nothing else', () => {
    const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
    const documented = Object.entries(openApiDocument('/v1').paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} /v1${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const registered = t.app.routeList
      .filter((route) => route.url.startsWith('/v1/'))
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      // HEAD is GET's twin; the document does not describe itself.
      .filter((route) => !route.startsWith('HEAD ') && route !== 'GET /v1/openapi.json');
    expect(documented.length).toBeGreaterThanOrEqual(11);
    expect([...new Set(registered)].sort()).toEqual([...documented].sort());
  });
});
