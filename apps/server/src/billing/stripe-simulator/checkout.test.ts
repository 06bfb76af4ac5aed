import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PAY_WITH_CARD_THAT_DECLINES, PAY_WITH_CARD_THAT_PAYS } from './checkout-page';
import { SIMULATOR_NOTICE } from './page-shell';
import { type Kit, payOnCheckoutPage, type Plans, START, useKitWithPlans, WEBHOOK_SECRET } from './test-kit';

let kit: Kit;
let plans: Plans;

useKitWithPlans('all', (started) => ({ kit, plans } = started));

const startSeconds = START.getTime() / 1000;

describe('the catalogue', () => {
  it('keeps a product with a monthly and a yearly price, found by product and by lookup key', async () => {
    expect(plans.product).toMatchObject({ object: 'product', name: 'Faxline Pro', active: true, metadata: { plan: 'pro' } });
    expect(plans.product.id).toMatch(/^prod_/);
    expect(plans.monthly).toMatchObject({
      object: 'price',
      unit_amount: 1900,
      currency: 'usd',
      type: 'recurring',
      product: plans.product.id,
    });
    expect(plans.monthly.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    expect(plans.yearly.recurring).toMatchObject({ interval: 'year', interval_count: 1 });
    expect(plans.monthly.id).toMatch(/^price_/);

    const byKey = await kit.stripe.prices.list({ lookup_keys: ['pro_yearly', 'pro_monthly'] });
    expect(byKey).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(byKey.data.map((price) => price.id).sort()).toEqual([plans.monthly.id, plans.yearly.id].sort());
    const ofProduct = await kit.stripe.prices.list({ product: plans.product.id, active: true });
    expect(ofProduct.data).toHaveLength(2);
    expect((await kit.stripe.prices.retrieve(plans.yearly.id)).unit_amount).toBe(19_000);
    expect((await kit.stripe.products.retrieve(plans.product.id)).name).toBe('Faxline Pro');
  });
});

describe('subscribing through Checkout', () => {
  it('shows a hosted page that says it is the simulator, with the price and the two test cards', async () => {
    const session = await kit.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: plans.monthly.id, quantity: 1 }],
      customer_email: 'page@example.com',
      success_url: 'https://app.example.test/done',
      cancel_url: 'https://app.example.test/billing?canceled=1',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${kit.simulator.url}/checkout/${session.id}`);
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(SIMULATOR_NOTICE);
    expect(html).toMatch(/<h1>Subscribe to Faxline Pro<\/h1>/);
    expect(html).toContain('$19.00 per month');
    expect(html).toContain(`>${PAY_WITH_CARD_THAT_PAYS}</button>`);
    expect(html).toContain(`>${PAY_WITH_CARD_THAT_DECLINES}</button>`);
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email"[^>]*value="page@example.com"/);
    expect(html).toContain('<label for="name">Name on card</label>');
    expect(html).toContain(':focus-visible');
    expect(html).toContain('<a href="https://app.example.test/billing?canceled=1">Cancel and go back</a>');
  });

  it('pays: completes the session with a customer and an active subscription whose first invoice is paid', async () => {
    const session = await kit.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: plans.monthly.id, quantity: 1 }],
      customer_email: 'ada@example.com',
      client_reference_id: 'account-1',
      metadata: { account_id: 'account-1' },
      subscription_data: { metadata: { account_id: 'account-1' } },
      success_url: 'https://app.example.test/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example.test/billing',
    });
    const paid = await payOnCheckoutPage(session, { outcome: 'succeed', name: 'Ada Lovelace' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://app.example.test/done?session=${session.id}`);

    const completed = await kit.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'account-1',
      metadata: { account_id: 'account-1' },
    });
    expect(completed.customer).toMatch(/^cus_/);
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: completed.customer,
      metadata: { account_id: 'account-1' },
      cancel_at_period_end: false,
    });
    const item = subscription.items.data[0]!;
    expect(item.id).toMatch(/^si_/);
    expect(item).toMatchObject({ quantity: 1, current_period_start: startSeconds, current_period_end: Date.UTC(2026, 11, 15, 10) / 1000 });
    expect(item.price.id).toBe(plans.monthly.id);
    expect(subscription.default_payment_method).toMatch(/^pm_/);

    expect((await kit.stripe.subscriptionItems.retrieve(item.id)).price.id).toBe(plans.monthly.id);
    const lineItems = await kit.stripe.checkout.sessions.listLineItems(session.id);
    expect(lineItems.data.map((entry) => [entry.price?.id, entry.quantity, entry.amount_total])).toEqual([[plans.monthly.id, 1, 1900]]);

    const customer = await kit.stripe.customers.retrieve(String(completed.customer));
    expect(customer).toMatchObject({ email: 'ada@example.com' });

    const invoice = await kit.stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice).toMatchObject({
      number: 'SIM-0001',
      status: 'paid',
      billing_reason: 'subscription_create',
      subtotal: 1900,
      total: 1900,
      amount_due: 1900,
      amount_paid: 1900,
      amount_remaining: 0,
      total_taxes: [],
      customer: completed.customer,
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.lines.data).toHaveLength(1);
    const line = invoice.lines.data[0]!;
    expect(line.pricing?.price_details?.price).toBe(plans.monthly.id);
    expect(line).toMatchObject({ amount: 1900, period: { start: item.current_period_start, end: item.current_period_end } });
    expect(line.description).toBe('1 × Faxline Pro (at $19.00 / month)');
    const hosted = await fetch(invoice.hosted_invoice_url!);
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain('Invoice SIM-0001');

    const events = await kit.verifiedEvents();
    const created = events.find((event) => event.type === 'customer.subscription.created');
    const invoicePaid = events.find((event) => event.type === 'invoice.paid');
    const sessionCompleted = events.find((event) => event.type === 'checkout.session.completed');
    expect((created?.data.object as Stripe.Subscription).id).toBe(subscription.id);
    expect((invoicePaid?.data.object as Stripe.Invoice).id).toBe(invoice.id);
    expect((invoicePaid?.data.object as Stripe.Invoice).status).toBe('paid');
    expect((sessionCompleted?.data.object as Stripe.Checkout.Session).subscription).toBe(subscription.id);
    for (const event of [created!, invoicePaid!, sessionCompleted!]) {
      expect(event.id).toMatch(/^evt_/);
      expect(event).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false, created: startSeconds });
    }
    const order = events.map((event) => event.id);
    expect(order.indexOf(created!.id)).toBeLessThan(order.indexOf(invoicePaid!.id));
    expect(order.indexOf(invoicePaid!.id)).toBeLessThan(order.indexOf(sessionCompleted!.id));
    expect((await kit.stripe.events.retrieve(invoicePaid!.id)).type).toBe('invoice.paid');
  });

  it('signs every webhook so that a wrong secret, or a changed body, fails verification', async () => {
    await kit.simulator.webhooksSettled();
    const delivery = kit.receiver.received.at(-1)!;
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => kit.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, 'whsec_not_the_secret')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const changed = Buffer.from(delivery.rawBody.toString('utf8').replace('"livemode": false', '"livemode": true'));
    expect(changed.equals(delivery.rawBody)).toBe(false);
    expect(() => kit.stripe.webhooks.constructEvent(changed, delivery.signature, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(kit.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET).id).toMatch(/^evt_/);
  });

  it('leaves the session open and shows why when the card is declined, making nothing', async () => {
    const before = kit.simulator.events().length;
    const session = await kit.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: plans.yearly.id, quantity: 1 }],
      customer_email: 'declined@example.com',
      success_url: 'https://app.example.test/done',
    });
    const declined = await payOnCheckoutPage(session, { outcome: 'decline' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`/checkout/${session.id}?error=declined`);
    const page = await (await fetch(new URL(declined.headers.get('location')!, kit.simulator.url))).text();
    expect(page).toMatch(/<p role="alert" id="checkout-error">Your card was declined/);
    expect(page).toContain('$190.00 per year');
    expect(await kit.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      customer: null,
    });
    expect(kit.simulator.events().slice(before)).toEqual([]);
  });
});
