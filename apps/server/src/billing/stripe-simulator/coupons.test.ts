import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type Kit, type Plans, subscribe, useKitWithPlans } from './test-kit';

// Coupons as Faxline's promotions use them (decision 088), driven only through the official `stripe` package.
let kit: Kit;
let plans: Plans;

useKitWithPlans('each', (started) => ({ kit, plans } = started));

const checkoutWith = (coupon: string) =>
  kit.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: plans.yearly.id, quantity: 1 }],
    customer_email: 'ada@example.com',
    success_url: 'https://app.example.test/billing',
    discounts: [{ coupon }],
  });

describe('coupons', () => {
  it('a deleted coupon is gone for new checkouts, and the discount it gave stays on its subscription', async () => {
    const coupon = await kit.stripe.coupons.create({ percent_off: 20, duration: 'once', name: 'Yearly 20%' });
    const session = await subscribe(kit, plans.yearly, { discounts: [{ coupon: coupon.id }] });

    const deleted = await kit.stripe.coupons.del(coupon.id);
    expect(deleted).toEqual({ id: coupon.id, object: 'coupon', deleted: true });
    await expect(kit.stripe.coupons.retrieve(coupon.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(checkoutWith(coupon.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(kit.stripe.coupons.del(coupon.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await kit.stripe.coupons.list()).data.map((c) => c.id)).not.toContain(coupon.id);

    const subscription = session.subscription as Stripe.Subscription;
    const invoice = await kit.stripe.invoices.retrieve((subscription.latest_invoice as Stripe.Invoice).id!);
    expect(invoice).toMatchObject({ subtotal: 19_000, total: 15_200 });
    const events = (await kit.verifiedEvents()).filter((event) => event.type === 'coupon.deleted');
    expect(events.map((event) => (event.data.object as Stripe.Coupon).id)).toEqual([coupon.id]);
  });

  it('a coupon past its redeem_by or its max_redemptions is refused at checkout', async () => {
    const limited = await kit.stripe.coupons.create({ percent_off: 10, duration: 'once', max_redemptions: 1 });
    await subscribe(kit, plans.yearly, { discounts: [{ coupon: limited.id }] });
    expect(await kit.stripe.coupons.retrieve(limited.id)).toMatchObject({ times_redeemed: 1, valid: false });
    await expect(checkoutWith(limited.id)).rejects.toMatchObject({ statusCode: 400, param: 'discounts[0][coupon]' });

    const soon = await kit.stripe.coupons.create({
      percent_off: 10,
      duration: 'once',
      redeem_by: Math.floor(kit.simulator.now().getTime() / 1000) + 60,
    });
    kit.simulator.advanceTime(120_000);
    await expect(checkoutWith(soon.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});
