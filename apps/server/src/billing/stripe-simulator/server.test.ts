import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, WEBHOOK_SECRET, type Kit } from './test-kit';

let kit: Kit;

beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.close());

describe("the simulator's API contract", () => {
  it('refuses a request without an API key with 401, and a live key too', async () => {
    const answer = await fetch(`${kit.simulator.url}/v1/customers`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
    const live = new Stripe('sk_live_nope', { host: '127.0.0.1', port: kit.simulator.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(live.customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  it('answers a POST sent again with the same Idempotency-Key with the first answer, and refuses the key for other parameters', async () => {
    const first = await kit.stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'create-same-1' });
    const again = await kit.stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'create-same-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await kit.stripe.customers.list({ email: 'same@example.com' })).data.map((customer) => customer.id)).toEqual([first.id]);
    await expect(kit.stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'create-same-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it("answers errors in Stripe's shape: a missing object, an unknown or a missing parameter", async () => {
    await expect(kit.stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_nope'",
    });
    await expect(kit.stripe.customers.create({ emial: 'typo@example.com' } as Stripe.CustomerCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'emial',
    });
    await expect(kit.stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'https://a.test/' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items',
    });
    const unknownPath = await fetch(`${kit.simulator.url}/v1/charges`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(unknownPath.status).toBe(404);
    expect(((await unknownPath.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/charges\)/,
    );
  });

  it('keeps customers with address, tax ids and metadata, and merges metadata on update as Stripe does', async () => {
    const customer = await kit.stripe.customers.create({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      address: { line1: '1 Main St', city: 'Arlington', postal_code: '22201', country: 'US' },
      tax_id_data: [{ type: 'eu_vat', value: 'DE123456789' }],
      metadata: { account_id: 'a1', tier: 'pro' },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.address).toEqual({
      line1: '1 Main St',
      line2: null,
      city: 'Arlington',
      postal_code: '22201',
      state: null,
      country: 'US',
    });
    const withTaxIds = await kit.stripe.customers.retrieve(customer.id, { expand: ['tax_ids'] });
    expect((withTaxIds as Stripe.Customer).tax_ids?.data.map((taxId) => [taxId.type, taxId.value])).toEqual([['eu_vat', 'DE123456789']]);
    const updated = await kit.stripe.customers.update(customer.id, { name: 'Rear Admiral Hopper', metadata: { tier: '', seats: '3' } });
    expect(updated).toMatchObject({ name: 'Rear Admiral Hopper', metadata: { account_id: 'a1', seats: '3' } });
    expect(updated.metadata).not.toHaveProperty('tier');
    const events = await kit.verifiedEvents();
    const update = events.find((event) => event.type === 'customer.updated' && (event.data.object as Stripe.Customer).id === customer.id);
    expect(update?.data.previous_attributes).toEqual({ name: 'Grace Hopper', metadata: { account_id: 'a1', tier: 'pro' } });
  });

  it('pages lists newest first with has_more, as auto-pagination reads them', async () => {
    const made = [];
    for (const name of ['one', 'two', 'three'])
      made.push(await kit.stripe.products.create({ name: `Paged ${name}`, metadata: { paged: 'yes' } }));
    const page = await kit.stripe.products.list({ limit: 2 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/products' });
    expect(page.data.map((product) => product.name)).toEqual(['Paged three', 'Paged two']);
    const all = await kit.stripe.products.list({ limit: 1 }).autoPagingToArray({ limit: 50 });
    expect(all.filter((product) => product.metadata.paged === 'yes').map((product) => product.id)).toEqual(
      made.map((product) => product.id).reverse(),
    );
  });

  it('lists and retrieves events, and refuses what cannot be expanded', async () => {
    const created = await kit.stripe.events.list({ type: 'customer.created', limit: 100 });
    expect(created.data.length).toBeGreaterThan(0);
    expect(created.data.every((event) => event.type === 'customer.created')).toBe(true);
    const one = await kit.stripe.events.retrieve(created.data[0]!.id);
    expect(one).toMatchObject({
      object: 'event',
      type: 'customer.created',
      livemode: false,
      request: { id: expect.stringMatching(/^req_/) },
    });
    await expect(
      kit.stripe.customers.retrieve(String((one.data.object as Stripe.Customer).id), { expand: ['email'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'expand',
    });
  });
});

describe('webhook deliveries', () => {
  it('retry a delivery the receiver refused, in order, and replay an event with a fresh signature', async () => {
    await kit.simulator.webhooksSettled();
    const before = kit.receiver.received.length;
    kit.receiver.failNext(2);
    const first = await kit.stripe.customers.create({ email: 'retry-1@example.com' });
    const second = await kit.stripe.customers.create({ email: 'retry-2@example.com' });
    await kit.simulator.webhooksSettled();
    const eventOf = (customerId: string) =>
      kit.simulator.events().find((event) => event.type === 'customer.created' && (event.data.object as { id: string }).id === customerId)!;
    const firstEvent = eventOf(first.id);
    const attempts = kit.simulator.deliveries().filter((delivery) => delivery.eventId === firstEvent.id);
    expect(attempts.map((delivery) => [delivery.attempt, delivery.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    const arrived = kit.receiver.received
      .slice(before)
      .map(({ rawBody, signature }) => kit.stripe.webhooks.constructEvent(rawBody, signature, WEBHOOK_SECRET).id);
    expect(arrived).toEqual([firstEvent.id, firstEvent.id, firstEvent.id, eventOf(second.id).id]);

    const replayed = await kit.simulator.replay(firstEvent.id);
    expect(replayed).toMatchObject({ eventId: firstEvent.id, replay: true, status: 200 });
    const last = kit.receiver.received.at(-1)!;
    expect(kit.stripe.webhooks.constructEvent(last.rawBody, last.signature, WEBHOOK_SECRET).id).toBe(firstEvent.id);
  });

  it('give an event up after the last retry, and never hold up an API answer', async () => {
    kit.receiver.failNext(100);
    const customer = await kit.stripe.customers.create({ email: 'given-up@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    await kit.simulator.webhooksSettled();
    kit.receiver.failNext(0);
    const event = kit.simulator
      .events()
      .find((entry) => entry.type === 'customer.created' && (entry.data.object as { id: string }).id === customer.id)!;
    expect(
      kit.simulator
        .deliveries()
        .filter((delivery) => delivery.eventId === event.id)
        .map((delivery) => delivery.status),
    ).toEqual([500, 500, 500]);
  });
});
