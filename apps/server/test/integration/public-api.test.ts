import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { ZV1Error, ZV1FaxDetails, ZV1FaxList, ZV1Quote, ZV1SendFaxResponse, type TV1Fax } from '@faxline/shared/api-v1';
import { makePdf } from '@test-support/factories/documents';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { faxes } from '../../src/faxes/schema';
import { plans } from '../../src/plans/schema';
import { unique } from '@test-support/factories/values';
import { callV1, multipartSend, ownerWithApiKey } from '../support/api-keys';
import { openTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// The public REST API, end to end, with the worker and the sandbox line: what a program integrating by API does.
let t: TestApp;
let pdf1: Uint8Array;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.05' } });
  pdf1 = await makePdf(1);
}, 180_000);
afterAll(() => t.close());

const errorOf = (response: { json: () => unknown }) => ZV1Error.parse(response.json()).error;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function faxOf(secret: string, id: string) {
  const response = await callV1(t, secret, 'GET', `/v1/faxes/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZV1FaxDetails.parse(response.json());
}
async function deliveredOrDone(secret: string, id: string) {
  await expect.poll(async () => (await faxOf(secret, id)).status, { timeout: 90_000, interval: 200 }).toMatch(/delivered|failed/);
  return faxOf(secret, id);
}

describe('a program sends faxes and follows them', () => {
  it('sends with JSON and base64, with multipart, and a broadcast to three numbers; each is delivered and listed', async () => {
    const { secret, apiKey } = await ownerWithApiKey(t);
    const json = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: {
        recipient: SANDBOX_TEST_NUMBERS.delivers,
        files: [{ name: 'referral.pdf', content: base64(pdf1) }],
        cover_page: { enabled: true, subject: 'Referral' },
      },
    });
    expect(json.statusCode, json.body).toBe(202);
    const one = ZV1SendFaxResponse.parse(json.json());
    expect(one).toMatchObject({ status: 'queued', to: SANDBOX_TEST_NUMBERS.delivers });
    expect('fax_id' in one && one.message).toContain(SANDBOX_TEST_NUMBERS.delivers);

    const form = await multipartSend(
      [
        ['recipient', SANDBOX_TEST_NUMBERS.slow_no_ecm],
        ['quality', 'standard'],
      ],
      [{ name: 'letter.pdf', bytes: pdf1 }],
    );
    const multipart = await callV1(t, secret, 'POST', '/v1/faxes', form);
    expect(multipart.statusCode, multipart.body).toBe(202);

    const recipients = ['+15550100000', '+15550100005', '+15550100000'].map((n, i) => (i === 2 ? '+15550100010' : n));
    const broadcast = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: { recipients, files: [{ name: 'notice.pdf', content: base64(pdf1) }] },
    });
    expect(broadcast.statusCode, broadcast.body).toBe(202);
    const many = ZV1SendFaxResponse.parse(broadcast.json());
    if (!('faxes' in many)) throw new Error('a broadcast answers with its faxes');
    expect(many.faxes.map((f) => f.to)).toEqual(recipients);

    const ids = ['fax_id' in one ? one.fax_id : '', ZV1SendFaxResponse.parse(multipart.json()) as { fax_id: string }].map((x) =>
      typeof x === 'string' ? x : x.fax_id,
    );
    for (const id of [...ids, ...many.faxes.map((f) => f.fax_id)]) {
      const fax = await deliveredOrDone(secret, id);
      expect(fax.status, JSON.stringify(fax)).toBe('delivered');
      expect(fax.channel).toBe('api');
      expect(fax.attempts[0]).toMatchObject({ number: 1, result: 'delivered' });
    }
    const first = await faxOf(secret, ids[0]!);
    expect(first.pages).toBe(2); // the cover page and the document

    // The PDF of record.
    const file = await callV1(t, secret, 'GET', `/v1/faxes/${ids[0]}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The audit trail names the key, as the portal's rows name the person.
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fax.send'), eq(auditEvents.objectId, ids[0]!)));
    expect(rows[0]?.details).toMatchObject({ channel: 'api', viaApiKey: { id: apiKey.id, prefix: apiKey.prefix } });
  }, 240_000);

  it('lists with filters and walks every page by cursor, each fax once', async () => {
    const { secret, account } = await ownerWithApiKey(t);
    // 23 faxes straight into the table (the list is what is tested): 3 to one number, 20 to another.
    await t.db.insert(faxes).values(
      Array.from({ length: 23 }, (_, i) => ({
        accountId: account.id,
        direction: 'outbound' as const,
        status: 'delivered' as const,
        toNumber: i < 3 ? '+15550100077' : '+15550100088',
        quality: 'fine' as const,
        channel: 'api' as const,
        createdAt: new Date(Date.now() - (i % 5) * 1000),
      })),
    );
    const seen: TV1Fax[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await callV1(t, secret, 'GET', `/v1/faxes?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = ZV1FaxList.parse(response.json());
      seen.push(...page.data);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen.map((f) => f.id)).size).toBe(23);
    const times = seen.map((f) => Date.parse(f.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const filtered = ZV1FaxList.parse((await callV1(t, secret, 'GET', '/v1/faxes?to=%2B15550100077&sort=created_at')).json());
    expect(filtered.data.map((f) => f.to)).toEqual(['+15550100077', '+15550100077', '+15550100077']);
    expect(filtered.next_cursor).toBeNull();
    const none = ZV1FaxList.parse((await callV1(t, secret, 'GET', '/v1/faxes?direction=inbound')).json());
    expect(none.data).toEqual([]);
    const bad = await callV1(t, secret, 'GET', '/v1/faxes?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ type: 'invalid_request_error', code: 'errors.invalidCursor' });
  });

  it('cancels a scheduled fax, deletes it, and a revoked key answers 401 at once', async () => {
    const { secret, apiKey, cookie } = await ownerWithApiKey(t);
    const sendTime = new Date(Date.now() + 86_400_000).toISOString();
    const sent = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: { recipient: SANDBOX_TEST_NUMBERS.delivers, send_time: sendTime, cover_page: { notes: 'Tomorrow' } },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const { fax_id, status } = ZV1SendFaxResponse.parse(sent.json()) as { fax_id: string; status: string };
    expect(status).toBe('scheduled');
    const canceled = await callV1(t, secret, 'POST', `/v1/faxes/${fax_id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ id: fax_id, status: 'canceled' });
    const deleted = await callV1(t, secret, 'DELETE', `/v1/faxes/${fax_id}`);
    expect(deleted.json()).toEqual({ id: fax_id, deleted: true });
    expect((await callV1(t, secret, 'GET', `/v1/faxes/${fax_id}`)).statusCode).toBe(404);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, headers: { cookie, origin: TEST_ORIGIN } });
    expect(revoked.statusCode).toBe(200);
    const after = await callV1(t, secret, 'GET', '/v1/faxes');
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toMatchObject({ type: 'authentication_error', message: 'Invalid API key provided.' });
  });
});

describe('errors, scopes, limits and idempotency', () => {
  it('answers each error type with its status and body, in the caller’s language', async () => {
    const { secret } = await ownerWithApiKey(t);
    const missing = await callV1(t, null, 'GET', '/v1/faxes');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      error: {
        type: 'authentication_error',
        message: 'Invalid API key provided.',
        code: 'errors.invalidApiKey',
        doc_url: `${t.config.publicUrl}/api-documentation#errors.invalidApiKey`,
      },
    });
    const unknown = await callV1(t, 'fl_live_not-a-key', 'GET', '/v1/faxes', { headers: { 'accept-language': 'es' } });
    expect(errorOf(unknown).message).toBe('La clave de API proporcionada no es válida.');

    const bad = await callV1(t, secret, 'POST', '/v1/faxes', { payload: { recipient: '555-1234', cover_page: { notes: 'x' } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ type: 'invalid_request_error', param: 'recipient' });
    expect(errorOf(bad).message).toMatch(/^recipient: Please enter a valid recipient fax number/);
    const inFrench = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: { recipients: ['+15550100000', 'x'] },
      headers: { 'accept-language': 'fr' },
    });
    expect(errorOf(inFrench)).toMatchObject({ type: 'invalid_request_error', param: 'recipients.1' });
    expect(errorOf(inFrench).message).not.toMatch(/Please/);
    const malformed = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: '{"recipient":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).type).toBe('invalid_request_error');
    const neither = await callV1(t, secret, 'POST', '/v1/faxes', { payload: { cover_page: { notes: 'x' } } });
    expect(errorOf(neither)).toMatchObject({ type: 'invalid_request_error', code: 'errors.recipientRequired' });

    const notFound = await callV1(t, secret, 'GET', '/v1/faxes/5b0d7a3e-8a57-4c1e-9d65-2f1f3c1d9e11');
    expect(notFound.statusCode).toBe(404);
    expect(errorOf(notFound).type).toBe('not_found_error');
    const nowhere = await callV1(t, secret, 'GET', '/v1/nowhere');
    expect(nowhere.statusCode).toBe(404);
    expect(errorOf(nowhere).type).toBe('not_found_error');
    expect((await t.db.select().from(faxes)).filter((f) => f.toNumber === '555-1234')).toEqual([]);
  });

  it('refuses a key without the scope (403), and another account’s fax is 404, never 403', async () => {
    const reader = await ownerWithApiKey(t, ['faxes:read']);
    const refused = await callV1(t, reader.secret, 'POST', '/v1/faxes', {
      payload: { recipient: '+15550100000', cover_page: { notes: 'x' } },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      type: 'permission_error',
      message: 'This API key or app access does not have the faxes:write scope.',
    });

    const other = await ownerWithApiKey(t);
    const sent = await callV1(t, other.secret, 'POST', '/v1/faxes', {
      payload: { recipient: '+15550100000', send_time: new Date(Date.now() + 3_600_000).toISOString(), cover_page: { notes: 'x' } },
    });
    const { fax_id } = sent.json() as { fax_id: string };
    for (const [method, url] of [
      ['GET', `/v1/faxes/${fax_id}`],
      ['GET', `/v1/faxes/${fax_id}/file`],
    ] as const) {
      const response = await callV1(t, reader.secret, method, url);
      expect(response.statusCode, url).toBe(404);
    }
    const writer = await ownerWithApiKey(t, ['faxes:write', 'faxes:read']);
    expect((await callV1(t, writer.secret, 'POST', `/v1/faxes/${fax_id}/cancel`)).statusCode).toBe(404);
    expect((await callV1(t, writer.secret, 'DELETE', `/v1/faxes/${fax_id}`)).statusCode).toBe(404);
    expect((await faxOf(other.secret, fax_id)).status).toBe('scheduled');
  });

  it('gives 100 answers in a minute and then 429 with Retry-After; the limit headers are on every answer', async () => {
    // A plan with the API that leaves its requests per minute at the default (Business, the factory's, allows more).
    const text = { description: '', features: [] };
    const [plan] = await t.db
      .insert(plans)
      .values({
        id: crypto.randomUUID(),
        slug: unique('api-default'),
        name: 'API',
        category: 'standard',
        apiAccess: true,
        text: { en: text, es: text, fr: text },
      })
      .returning({ id: plans.id });
    const { secret } = await ownerWithApiKey(t, undefined, undefined, { id: plan!.id });
    const answers = [];
    for (let i = 0; i < 101; i += 1) answers.push(await callV1(t, secret, 'GET', '/v1/faxes?limit=1'));
    expect(answers.slice(0, 100).every((a) => a.statusCode === 200)).toBe(true);
    const last = answers[100]!;
    expect(last.statusCode).toBe(429);
    expect(errorOf(last).type).toBe('rate_limit_error');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    for (const [i, answer] of answers.entries()) {
      expect(answer.headers['x-ratelimit-limit']).toBe('100');
      expect(Number(answer.headers['x-ratelimit-remaining'])).toBe(Math.max(0, 99 - i));
      const reset = Number(answer.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(Date.now() / 1000 - 1);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    }
    // Errors carry them too.
    const missing = await callV1(t, null, 'GET', '/v1/faxes');
    expect(missing.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('makes one fax of 50 concurrent POSTs with one Idempotency-Key; replays; refuses another body with 422', async () => {
    const { secret, account } = await ownerWithApiKey(t);
    const key = crypto.randomUUID();
    const payload = { recipient: SANDBOX_TEST_NUMBERS.delivers, files: [{ name: 'a.pdf', content: base64(pdf1) }] };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => callV1(t, secret, 'POST', '/v1/faxes', { payload, headers: { 'idempotency-key': key } })),
    );
    const created = answers.filter((a) => a.statusCode === 202 && a.headers['idempotent-replayed'] !== 'true');
    const replayed = answers.filter((a) => a.statusCode === 202 && a.headers['idempotent-replayed'] === 'true');
    const inFlight = answers.filter((a) => a.statusCode === 409);
    expect(created).toHaveLength(1);
    expect(replayed.length + inFlight.length).toBe(49);
    for (const answer of inFlight) expect(errorOf(answer).type).toBe('idempotency_error');
    for (const answer of replayed) expect(answer.body).toBe(created[0]!.body);
    const rows = await t.db.select().from(faxes).where(eq(faxes.accountId, account.id));
    expect(rows).toHaveLength(1);

    const again = await callV1(t, secret, 'POST', '/v1/faxes', { payload, headers: { 'idempotency-key': key } });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(created[0]!.body);
    const other = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: { ...payload, recipient: '+15550100005' },
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).type).toBe('idempotency_error');
    expect(await t.db.select().from(faxes).where(eq(faxes.accountId, account.id))).toHaveLength(1);
  });
});

describe('the price of a send (decision 096)', () => {
  it('quotes with POST /v1/faxes/quote, storing nothing, states the price in the 202 and refuses a send above the accepted price', async () => {
    const { secret, account } = await ownerWithApiKey(t);
    const UK = '+442079460958';
    const body = { recipient: UK, files: [{ name: 'letter.pdf', content: base64(pdf1) }] };
    // Without an invoice to bill on, a fax abroad costs nothing beyond the plan.
    const free = await callV1(t, secret, 'POST', '/v1/faxes/quote', { payload: body });
    expect(free.statusCode, free.body).toBe(200);
    expect(ZV1Quote.parse(free.json())).toMatchObject({
      total_cents: 0,
      recipients: [{ country: 'GB', international_cents_per_page: null }],
    });

    const now = Date.now();
    await t.db.execute(sql`
      INSERT INTO subscriptions (account_id, provider, customer_id, subscription_id, plan_id, interval, status, current_period_start, current_period_end)
      SELECT ${account.id}, 'stripe', 'cus_v1quote', ${`sub_${crypto.randomUUID()}`}, plan_id, 'month', 'active',
             ${new Date(now - 86_400_000).toISOString()}, ${new Date(now + 29 * 86_400_000).toISOString()}
      FROM accounts WHERE id = ${account.id}`);
    const quoted = await callV1(t, secret, 'POST', '/v1/faxes/quote', { payload: body });
    expect(ZV1Quote.parse(quoted.json())).toEqual({
      currency: 'USD',
      total_cents: 5,
      pages_known: true,
      recipients: [
        { number: UK, country: 'GB', pages: 1, overage_pages: 0, overage_cents_per_page: null, international_cents_per_page: 5, cents: 5 },
      ],
    });
    const multipart = await callV1(
      t,
      secret,
      'POST',
      '/v1/faxes/quote',
      await multipartSend([['recipient', UK]], [{ name: 'a.pdf', bytes: pdf1 }]),
    );
    expect(ZV1Quote.parse(multipart.json()).total_cents).toBe(5);
    expect((await t.db.select().from(faxes).where(eq(faxes.accountId, account.id))).length).toBe(0);

    const refused = await callV1(t, secret, 'POST', '/v1/faxes', {
      payload: { ...body, quoted_total_cents: 4 },
      headers: { 'accept-language': 'es' },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'errors.quoteChanged',
      message: expect.stringMatching(/^El precio de este fax ha cambiado/),
    });
    const sent = await callV1(t, secret, 'POST', '/v1/faxes', { payload: { ...body, quoted_total_cents: 5 } });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(ZV1SendFaxResponse.parse(sent.json())).toMatchObject({ to: UK, quote: { total_cents: 5 } });
    // At home and within the plan, nothing to pay: the quote says 0.
    const home = await callV1(t, secret, 'POST', '/v1/faxes', { payload: { ...body, recipient: SANDBOX_TEST_NUMBERS.delivers } });
    expect(ZV1SendFaxResponse.parse(home.json())).toMatchObject({ quote: { total_cents: 0 } });
  });

  it('refuses a bad quote request with a translated 400 in the public shape, a key without faxes:write with 403', async () => {
    const { secret } = await ownerWithApiKey(t);
    const negative = await callV1(t, secret, 'POST', '/v1/faxes/quote', {
      payload: { recipient: SANDBOX_TEST_NUMBERS.delivers, quoted_total_cents: -1, cover_page: { notes: 'x' } },
      headers: { 'accept-language': 'fr' },
    });
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative)).toMatchObject({ type: 'invalid_request_error', param: 'quoted_total_cents' });
    expect(errorOf(negative).message).toContain('Le total du devis doit être un nombre entier de centimes');
    const nowhere = await callV1(t, secret, 'POST', '/v1/faxes/quote', {
      payload: { recipient: '+551133334444', cover_page: { notes: 'x' } },
      headers: { 'accept-language': 'es' },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(errorOf(nowhere)).toMatchObject({
      code: 'errors.noInternationalRate',
      message: expect.stringContaining('todavía no envía faxes'),
    });
    const neither = await callV1(t, secret, 'POST', '/v1/faxes/quote', { payload: { cover_page: { notes: 'x' } } });
    expect(errorOf(neither)).toMatchObject({ type: 'invalid_request_error', code: 'errors.recipientRequired' });
    const reader = await ownerWithApiKey(t, ['faxes:read']);
    const refused = await callV1(t, reader.secret, 'POST', '/v1/faxes/quote', { payload: { recipient: SANDBOX_TEST_NUMBERS.delivers } });
    expect(refused.statusCode).toBe(403);
  });
});
