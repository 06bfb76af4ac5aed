import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type Kit, type Plans, subscribe, useKitWithPlans } from './test-kit';

let kit: Kit;
let plans: Plans;

// Each test starts on 15 Nov 2026 with a simulator of its own: the proration figures depend on the period's length.
useKitWithPlans('each', (started) => ({ kit, plans } = started));

const DAY_MS = 86_400_000;

/** A customer on Pro monthly ($19), ten days into a thirty-day period: two thirds of it are left. */
async function tenDaysIntoPro(): Promise<Stripe.Subscription> {
  const session = await subscribe(kit, plans.monthly);
  kit.simulator.advanceTime(10 * DAY_MS);
  return session.subscription as Stripe.Subscription;
}

const prorationLines = (invoice: Stripe.Invoice) =>
  invoice.lines.data.filter((line) => line.parent?.subscription_item_details?.proration).map((line) => line.amount);

describe('changing plan', () => {
  it('charges at once, with always_invoice, exactly the prorations the preview quoted', async () => {
    const subscription = await tenDaysIntoPro();
    const item = subscription.items.data[0]!;
    const prorationDate = Math.floor(kit.simulator.now().getTime() / 1000);
    const eventsBefore = kit.simulator.events().length;

    const preview = await kit.stripe.invoices.createPreview({
      customer: String(subscription.customer),
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item.id, price: plans.business.id }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
      },
    });
    // Twenty of thirty days left: a credit of 2/3 of $19 and a charge of 2/3 of $49, each rounded to the cent.
    expect(prorationLines(preview)).toEqual([-1267, 3267]);
    expect(preview.amount_due).toBe(2000);
    expect(preview.parent?.subscription_details?.subscription_proration_date).toBe(prorationDate);
    expect(preview.lines.data.map((line) => line.description)).toEqual([
      'Unused time on Faxline Pro after 25 Nov 2026',
      'Remaining time on Faxline Business after 25 Nov 2026',
    ]);
    expect(kit.simulator.events()).toHaveLength(eventsBefore);
    expect((await kit.stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(plans.monthly.id);

    const updated = await kit.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: plans.business.id }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
    });
    expect(updated.items.data[0]!.price.id).toBe(plans.business.id);
    expect(updated.items.data[0]!.current_period_end).toBe(item.current_period_end);
    const invoice = await kit.stripe.invoices.retrieve(String(updated.latest_invoice));
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      amount_paid: preview.amount_due,
      total: preview.total,
    });
    expect(prorationLines(invoice)).toEqual(prorationLines(preview));

    const events = await kit.verifiedEvents();
    const paid = events.find((event) => event.type === 'invoice.paid' && (event.data.object as Stripe.Invoice).id === invoice.id);
    expect((paid?.data.object as Stripe.Invoice).amount_paid).toBe(2000);
    const change = events.find(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        (event.data.object as Stripe.Subscription).items.data[0]!.price.id === plans.business.id,
    );
    const previous = change?.data.previous_attributes as Partial<Stripe.Subscription>;
    expect(previous.items?.data[0]!.price.id).toBe(plans.monthly.id);
  });

  it('with create_prorations, charges nothing now and puts the prorations on the next renewal', async () => {
    const subscription = await tenDaysIntoPro();
    const item = subscription.items.data[0]!;
    const invoicesBefore = (await kit.stripe.invoices.list({ subscription: subscription.id })).data.length;
    await kit.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: plans.business.id }],
      proration_behavior: 'create_prorations',
    });
    expect((await kit.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(invoicesBefore);
    const pending = await kit.stripe.invoiceItems.list({ customer: String(subscription.customer), pending: true });
    expect(pending.data.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([-1267, 3267]);

    kit.simulator.advanceTime(20 * DAY_MS);
    const renewal = (await kit.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data[0]!;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', total: 4900 + 2000 });
    expect(prorationLines(renewal).sort((a, b) => a - b)).toEqual([-1267, 3267]);
  });

  it('leaves the change made and the subscription past_due when the card declines the upgrade', async () => {
    const subscription = await tenDaysIntoPro();
    const item = subscription.items.data[0]!;
    kit.simulator.setCardDeclines(String(subscription.customer), true);

    await expect(
      kit.stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: plans.business.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
    expect((await kit.stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(plans.monthly.id);

    const updated = await kit.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: plans.business.id }],
      proration_behavior: 'always_invoice',
    });
    expect(updated.status).toBe('past_due');
    const invoice = await kit.stripe.invoices.retrieve(String(updated.latest_invoice));
    expect(invoice).toMatchObject({ status: 'open', amount_remaining: 2000, attempt_count: 1 });
    const events = await kit.verifiedEvents();
    expect(events.some((event) => event.type === 'invoice.payment_failed' && (event.data.object as Stripe.Invoice).id === invoice.id)).toBe(
      true,
    );
  });

  it('credits a downgrade to the customer balance, which the next invoice uses first', async () => {
    const subscription = await tenDaysIntoPro();
    const item = subscription.items.data[0]!;
    const upgraded = await kit.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: plans.business.id }],
      proration_behavior: 'none',
    });
    expect((await kit.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    const downgraded = await kit.stripe.subscriptions.update(subscription.id, {
      items: [{ id: upgraded.items.data[0]!.id, price: plans.monthly.id }],
      proration_behavior: 'always_invoice',
    });
    const credit = await kit.stripe.invoices.retrieve(String(downgraded.latest_invoice));
    // Two thirds of $49 back, two thirds of $19 charged: $20.00 in the customer's favour.
    expect(credit).toMatchObject({ total: -2000, amount_due: 0, status: 'paid', ending_balance: -2000 });
    expect((await kit.stripe.customers.retrieve(String(subscription.customer))) as Stripe.Customer).toMatchObject({ balance: -2000 });

    kit.simulator.advanceTime(20 * DAY_MS);
    const renewal = (await kit.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data[0]!;
    expect(renewal).toMatchObject({ total: 1900, starting_balance: -2000, amount_due: 0, ending_balance: -100, status: 'paid' });
  });
});
