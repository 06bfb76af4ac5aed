import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type Kit, type Plans, subscribe, useKitWithPlans } from './test-kit';

let kit: Kit;
let plans: Plans;

// Each test starts on 15 Nov 2026 with a simulator of its own, so that its periods are the same on every run.
useKitWithPlans('each', (started) => ({ kit, plans } = started));

const DAY_MS = 86_400_000;
const NOV_15 = Date.UTC(2026, 10, 15, 10) / 1000;
const DEC_15 = Date.UTC(2026, 11, 15, 10) / 1000;
const JAN_15 = Date.UTC(2027, 0, 15, 10) / 1000;
const NOV_15_2027 = Date.UTC(2027, 10, 15, 10) / 1000;
const DEC_15_2027 = Date.UTC(2027, 11, 15, 10) / 1000;

const subscriptionOf = (session: Stripe.Checkout.Session) => session.subscription as Stripe.Subscription;
const priceOf = async (id: string) => (await kit.stripe.subscriptions.retrieve(id)).items.data[0]!.price.id;
const typesOf = async () => (await kit.verifiedEvents()).map((event) => event.type);

/** A downgrade at the period's end as Faxline asks for it: the schedule, then its two phases. */
async function scheduleChange(subscription: Stripe.Subscription, price: Stripe.Price): Promise<Stripe.SubscriptionSchedule> {
  const schedule = await kit.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
  const [current] = schedule.phases;
  return kit.stripe.subscriptionSchedules.update(schedule.id, {
    phases: [
      {
        items: [{ price: String(current!.items[0]!.price), quantity: 1 }],
        start_date: current!.start_date,
        end_date: current!.end_date,
      },
      { items: [{ price: price.id, quantity: 1 }] },
    ],
    end_behavior: 'release',
  });
}

describe('subscription schedules', () => {
  it('makes a schedule of the current period from a subscription, which the subscription names', async () => {
    const subscription = subscriptionOf(await subscribe(kit, plans.business));
    const schedule = await kit.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule).toMatchObject({
      object: 'subscription_schedule',
      status: 'active',
      end_behavior: 'release',
      subscription: subscription.id,
      current_phase: { start_date: NOV_15, end_date: DEC_15 },
    });
    expect(schedule.id).toMatch(/^sub_sched_/);
    expect(schedule.phases).toHaveLength(1);
    expect(schedule.phases[0]).toMatchObject({ start_date: NOV_15, end_date: DEC_15, items: [{ price: plans.business.id, quantity: 1 }] });
    const named = await kit.stripe.subscriptions.retrieve(subscription.id, { expand: ['schedule'] });
    expect((named.schedule as Stripe.SubscriptionSchedule).id).toBe(schedule.id);
    expect(await kit.stripe.subscriptionSchedules.retrieve(schedule.id)).toEqual(schedule);
    expect(await typesOf()).toEqual(expect.arrayContaining(['subscription_schedule.created', 'customer.subscription.updated']));

    const again = kit.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await expect(again).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(again).rejects.toThrow(/already attached to a schedule/);
  });

  it('moves the subscription to the next phase at the period end, not before, and releases it after the last', async () => {
    const subscription = subscriptionOf(await subscribe(kit, plans.business));
    const schedule = await scheduleChange(subscription, plans.monthly);
    expect(schedule.phases.map((phase) => [phase.start_date, phase.end_date, phase.items[0]!.price])).toEqual([
      [NOV_15, DEC_15, plans.business.id],
      [DEC_15, JAN_15, plans.monthly.id],
    ]);

    kit.simulator.advanceTime(29 * DAY_MS);
    expect(await priceOf(subscription.id)).toBe(plans.business.id);

    kit.simulator.advanceTime(2 * DAY_MS);
    const moved = await kit.stripe.subscriptions.retrieve(subscription.id);
    expect(moved.items.data[0]).toMatchObject({
      price: { id: plans.monthly.id },
      current_period_start: DEC_15,
      current_period_end: JAN_15,
    });
    const renewal = await kit.stripe.invoices.retrieve(String(moved.latest_invoice));
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 1900, status: 'paid' });
    expect((await kit.stripe.subscriptionSchedules.retrieve(schedule.id)).current_phase).toEqual({ start_date: DEC_15, end_date: JAN_15 });
    const events = await kit.verifiedEvents();
    const change = events.find(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        (event.data.object as Stripe.Subscription).items.data[0]!.price.id === plans.monthly.id,
    );
    expect((change?.data.previous_attributes as Partial<Stripe.Subscription>).items?.data[0]!.price.id).toBe(plans.business.id);
    expect(events.filter((event) => event.type === 'subscription_schedule.updated')).toHaveLength(2);

    kit.simulator.advanceTime(31 * DAY_MS);
    const released = await kit.stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(released).toMatchObject({ status: 'released', subscription: null, released_subscription: subscription.id });
    const goingOn = await kit.stripe.subscriptions.retrieve(subscription.id);
    expect(goingOn).toMatchObject({ status: 'active', schedule: null });
    expect(goingOn.items.data[0]).toMatchObject({ price: { id: plans.monthly.id }, current_period_start: JAN_15 });
    expect(await typesOf()).toContain('subscription_schedule.released');
  });

  it('changes a yearly subscription to monthly at the year end, anchoring the months there', async () => {
    const subscription = subscriptionOf(await subscribe(kit, plans.yearly));
    await scheduleChange(subscription, plans.monthly);
    kit.simulator.advanceTime(364 * DAY_MS);
    expect(await priceOf(subscription.id)).toBe(plans.yearly.id);
    kit.simulator.advanceTime(2 * DAY_MS);
    const moved = await kit.stripe.subscriptions.retrieve(subscription.id);
    expect(moved.items.data[0]).toMatchObject({
      price: { id: plans.monthly.id },
      current_period_start: NOV_15_2027,
      current_period_end: DEC_15_2027,
    });
    expect(moved.billing_cycle_anchor).toBe(NOV_15_2027);
  });

  it('releases a schedule on request: the change to come never happens', async () => {
    const subscription = subscriptionOf(await subscribe(kit, plans.business));
    const schedule = await scheduleChange(subscription, plans.monthly);
    const released = await kit.stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({ status: 'released', released_subscription: subscription.id, subscription: null });
    expect((await kit.stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
    kit.simulator.advanceTime(31 * DAY_MS);
    const renewed = await kit.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]).toMatchObject({ price: { id: plans.business.id }, current_period_start: DEC_15 });
    expect(await kit.stripe.invoices.retrieve(String(renewed.latest_invoice))).toMatchObject({ amount_paid: 4900 });
    expect(await typesOf()).toContain('subscription_schedule.released');

    // A released schedule is done with: Stripe's 400 for a change or a second release.
    const change = kit.stripe.subscriptionSchedules.update(schedule.id, { phases: [{ items: [{ price: plans.business.id }] }] });
    await expect(change).rejects.toThrow(/currently in the `released` status/);
    await expect(kit.stripe.subscriptionSchedules.release(schedule.id)).rejects.toThrow(/`released` status/);
  });

  it("refuses a phase that would move the current phase's start, as Stripe does", async () => {
    const subscription = subscriptionOf(await subscribe(kit, plans.business));
    const schedule = await kit.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const moved = kit.stripe.subscriptionSchedules.update(schedule.id, {
      phases: [{ items: [{ price: plans.business.id }], start_date: NOV_15 + 60 }, { items: [{ price: plans.monthly.id }] }],
    });
    await expect(moved).rejects.toThrow(/start date of the current phase/);
    await expect(kit.stripe.subscriptionSchedules.retrieve('sub_sched_nothing')).rejects.toThrow(/No such subscription_schedule/);
  });
});
