import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type Kit, type Plans, subscribe, useKitWithPlans } from './test-kit';

let kit: Kit;
let plans: Plans;

// Each test starts on 15 Nov 2026 with a simulator of its own, so that its periods are the same on every run.
useKitWithPlans('each', (started) => ({ kit, plans } = started));

const DAY_MS = 86_400_000;
const DEC_15 = Date.UTC(2026, 11, 15, 10) / 1000;
const JAN_15 = Date.UTC(2027, 0, 15, 10) / 1000;

async function subscriptionOf(session: Stripe.Checkout.Session): Promise<Stripe.Subscription> {
  return kit.stripe.subscriptions.retrieve(String((session.subscription as Stripe.Subscription).id));
}

const latestInvoiceOf = async (subscription: Stripe.Subscription) => kit.stripe.invoices.retrieve(String(subscription.latest_invoice));

const eventsOfType = async (type: string) => (await kit.verifiedEvents()).filter((event) => event.type === type);

describe('renewals as the clock moves', () => {
  it('renews a paying subscription for the next period, invoiced and paid', async () => {
    const session = await subscribe(kit, plans.monthly);
    kit.simulator.advanceTime(30 * DAY_MS);
    const renewed = await subscriptionOf(session);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: DEC_15, current_period_end: JAN_15 });
    const invoice = await latestInvoiceOf(renewed);
    expect(invoice).toMatchObject({
      number: 'SIM-0002',
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 1900,
      period_end: DEC_15,
    });
    expect(invoice.lines.data[0]!.period).toEqual({ start: DEC_15, end: JAN_15 });
    const updates = await eventsOfType('customer.subscription.updated');
    const firstInvoice = (session.subscription as Stripe.Subscription).latest_invoice as Stripe.Invoice;
    expect((updates.at(-1)!.data.previous_attributes as Partial<Stripe.Subscription>).latest_invoice).toBe(firstInvoice.id);
    expect((await eventsOfType('invoice.paid')).map((event) => (event.data.object as Stripe.Invoice).id)).toContain(invoice.id);
  });

  it('ends a subscription flagged cancel_at_period_end when its period is over, with no new invoice', async () => {
    const session = await subscribe(kit, plans.monthly);
    const flagged = await kit.stripe.subscriptions.update((session.subscription as Stripe.Subscription).id, { cancel_at_period_end: true });
    expect(flagged).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: DEC_15 });
    const flagEvent = (await eventsOfType('customer.subscription.updated')).at(-1)!;
    expect(flagEvent.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    kit.simulator.advanceTime(29 * DAY_MS);
    expect((await subscriptionOf(session)).status).toBe('active');
    kit.simulator.advanceTime(2 * DAY_MS);
    const ended = await subscriptionOf(session);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: DEC_15 });
    expect((await kit.stripe.invoices.list({ subscription: ended.id })).data).toHaveLength(1);
    const deleted = await eventsOfType('customer.subscription.deleted');
    expect(deleted.map((event) => (event.data.object as Stripe.Subscription).id)).toEqual([ended.id]);
    expect((await kit.stripe.subscriptions.list({ customer: String(ended.customer) })).data).toEqual([]);
    expect(
      (await kit.stripe.subscriptions.list({ customer: String(ended.customer), status: 'canceled' })).data.map((entry) => entry.id),
    ).toEqual([ended.id]);
  });

  it('cancels at once on DELETE', async () => {
    const session = await subscribe(kit, plans.yearly);
    const canceled = await kit.stripe.subscriptions.cancel((session.subscription as Stripe.Subscription).id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: Date.UTC(2026, 10, 15, 10) / 1000 });
    expect((await eventsOfType('customer.subscription.deleted')).map((event) => (event.data.object as Stripe.Subscription).id)).toEqual([
      canceled.id,
    ]);
    // Afterwards only its metadata changes, as on Stripe, with an event; anything else is refused.
    const noted = await kit.stripe.subscriptions.update(canceled.id, { metadata: { reviewed: 'yes' } });
    expect(noted).toMatchObject({ status: 'canceled', metadata: { reviewed: 'yes' } });
    expect((await eventsOfType('customer.subscription.updated')).at(-1)?.data.object).toMatchObject({ metadata: { reviewed: 'yes' } });
    await expect(kit.stripe.subscriptions.update(canceled.id, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('makes a subscription past_due when the card declines the renewal, and active again once the invoices are paid', async () => {
    const session = await subscribe(kit, plans.monthly);
    const customer = String(session.customer);
    kit.simulator.setCardDeclines(customer, true);
    kit.simulator.advanceTime(30 * DAY_MS);
    const pastDue = await subscriptionOf(session);
    expect(pastDue.status).toBe('past_due');
    const unpaid = await latestInvoiceOf(pastDue);
    expect(unpaid).toMatchObject({ status: 'open', amount_remaining: 1900, attempt_count: 1, attempted: true });
    const failed = await eventsOfType('invoice.payment_failed');
    expect(failed.map((event) => (event.data.object as Stripe.Invoice).id)).toEqual([unpaid.id]);
    const toPastDue = (await eventsOfType('customer.subscription.updated')).at(-1)!;
    expect(toPastDue.data).toMatchObject({ object: { status: 'past_due' }, previous_attributes: { status: 'active' } });

    expect(kit.simulator.payInvoice(unpaid.id).status).toBe('open');
    const paid = kit.simulator.payOpenInvoices(customer);
    expect(paid.map((invoice) => [invoice.id, invoice.status])).toEqual([[unpaid.id, 'paid']]);
    expect((await subscriptionOf(session)).status).toBe('active');
    expect((await eventsOfType('invoice.paid')).map((event) => (event.data.object as Stripe.Invoice).id)).toContain(unpaid.id);
    const backToActive = (await eventsOfType('customer.subscription.updated')).at(-1)!;
    expect(backToActive.data).toMatchObject({ object: { status: 'active' }, previous_attributes: { status: 'past_due' } });
  });
});

describe('invoice items', () => {
  it('wait for the next invoice of the subscription, then land on it', async () => {
    const session = await subscribe(kit, plans.monthly);
    const customer = String(session.customer);
    const overage = await kit.stripe.invoiceItems.create({
      customer,
      amount: 250,
      currency: 'usd',
      description: 'Overage: 25 pages',
      metadata: { pages: '25' },
    });
    const byUnit = await kit.stripe.invoiceItems.create({
      customer,
      unit_amount_decimal: kit.stripe.Decimal.from('4'),
      quantity: 10,
      currency: 'usd',
      description: 'Overage: 10 pages',
    });
    expect(overage.id).toMatch(/^ii_/);
    expect(overage).toMatchObject({ invoice: null, amount: 250 });
    expect(byUnit.amount).toBe(40);

    const upcoming = await kit.stripe.invoices.createPreview({ customer, subscription: (session.subscription as Stripe.Subscription).id });
    expect(upcoming.total).toBe(1900 + 250 + 40);

    kit.simulator.advanceTime(30 * DAY_MS);
    const renewal = await latestInvoiceOf(await subscriptionOf(session));
    expect(renewal.total).toBe(1900 + 250 + 40);
    const itemLine = renewal.lines.data.find((line) => line.parent?.invoice_item_details?.invoice_item === overage.id);
    expect(itemLine).toMatchObject({ amount: 250, description: 'Overage: 25 pages' });
    expect((await kit.stripe.invoiceItems.retrieve(overage.id)).invoice).toBe(renewal.id);
    expect((await kit.stripe.invoiceItems.list({ customer, pending: true })).data).toEqual([]);
  });
});

describe('coupons', () => {
  it('take a forever coupon off the first invoice and every renewal', async () => {
    const coupon = await kit.stripe.coupons.create({ percent_off: 20, duration: 'forever', name: 'Launch' });
    const session = await subscribe(kit, plans.monthly, { discounts: [{ coupon: coupon.id }] });
    expect(session).toMatchObject({ amount_subtotal: 1900, amount_total: 1520, total_details: { amount_discount: 380 } });
    const first = await latestInvoiceOf(await subscriptionOf(session));
    expect(first).toMatchObject({ subtotal: 1900, total: 1520, amount_paid: 1520 });
    expect(first.total_discount_amounts).toEqual([{ amount: 380, discount: expect.stringMatching(/^di_/) }]);
    expect(first.lines.data[0]!.discount_amounts).toEqual(first.total_discount_amounts);

    kit.simulator.advanceTime(30 * DAY_MS);
    const renewal = await latestInvoiceOf(await subscriptionOf(session));
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      total: 1520,
      total_discount_amounts: first.total_discount_amounts,
    });
    expect((await kit.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it('take a once coupon off the first invoice only', async () => {
    const coupon = await kit.stripe.coupons.create({ id: 'WELCOME5', amount_off: 500, currency: 'usd', duration: 'once' });
    const session = await subscribe(kit, plans.monthly, { discounts: [{ coupon: coupon.id }] });
    const subscription = await subscriptionOf(session);
    expect((await latestInvoiceOf(subscription)).total).toBe(1400);
    const upgraded = await kit.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: plans.business.id }],
      proration_behavior: 'always_invoice',
    });
    // The whole period is left: $49 charged, $19 credited, and the spent coupon takes nothing off.
    expect(await latestInvoiceOf(upgraded)).toMatchObject({ total: 3000, total_discount_amounts: [] });
    kit.simulator.advanceTime(30 * DAY_MS);
    const renewed = await subscriptionOf(session);
    expect(renewed.discounts).toEqual([]);
    expect(await latestInvoiceOf(renewed)).toMatchObject({ total: 4900, total_discount_amounts: [] });
  });
});

describe('invoice items (/v1/invoiceitems)', () => {
  it('are kept pending and billed on the next renewal invoice, once', async () => {
    const session = await subscribe(kit, plans.monthly);
    const subscription = await subscriptionOf(session);
    const customer = String(subscription.customer);
    const pagesBeyondPlan = {
      customer,
      subscription: subscription.id,
      currency: 'usd',
      quantity: 3,
      unit_amount_decimal: Stripe.Decimal.from('10'),
      description: '3 pages beyond the plan',
      metadata: { ledger_line: '42' },
    };
    const item = await kit.stripe.invoiceItems.create(pagesBeyondPlan, { idempotencyKey: 'usage-ledger-42' });
    expect(item).toMatchObject({ object: 'invoiceitem', amount: 30, quantity: 3, invoice: null, metadata: { ledger_line: '42' } });
    expect(item.id).toMatch(/^ii_/);
    // The same key answers the same item: a job that runs twice bills once.
    const again = await kit.stripe.invoiceItems.create(pagesBeyondPlan, { idempotencyKey: 'usage-ledger-42' });
    expect(again.id).toBe(item.id);
    expect((await kit.stripe.invoiceItems.list({ customer, pending: true })).data.map((pending) => pending.id)).toEqual([item.id]);
    expect((await eventsOfType('invoiceitem.created')).length).toBe(1);

    kit.simulator.advanceTime(30 * DAY_MS);
    const renewal = await latestInvoiceOf(await subscriptionOf(session));
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 1930, status: 'paid' });
    expect(renewal.lines.data.map((line) => [line.description, line.amount])).toContainEqual(['3 pages beyond the plan', 30]);
    expect((await kit.stripe.invoiceItems.retrieve(item.id)).invoice).toBe(renewal.id);

    kit.simulator.advanceTime(31 * DAY_MS);
    expect((await latestInvoiceOf(await subscriptionOf(session))).total).toBe(1900);
  });

  it('refuses an item without an amount, or for an unknown customer, as Stripe does', async () => {
    const customer = await kit.stripe.customers.create({ email: 'ada@example.com' });
    await expect(kit.stripe.invoiceItems.create({ customer: customer.id, currency: 'usd' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(kit.stripe.invoiceItems.create({ customer: 'cus_nobody', currency: 'usd', amount: 5 })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});
