import { invalidParam, StripeApiError } from './errors';
import { recordEvent, recordUpdate, snapshot } from './events';
import { newId } from './ids';
import { periodEndAfter, type Interval } from './periods';
import type { Store } from './store';
import { onlyItem } from './subscriptions';
import { planOf } from './catalog';
import type { Price, Subscription, SubscriptionSchedule } from './wire';

type Phase = SubscriptionSchedule['phases'][number];

/** A phase as a request asks for it: its one price, and when it ends (a date, a duration, or one period of the price). */
export type PhaseInput = {
  price: Price;
  quantity: number;
  startDate?: number;
  endDate?: number;
  duration?: { interval: Interval; count: number };
};

const CHANGEABLE = ['not_started', 'active'];

function phaseOf(price: Price, quantity: number, start: number, end: number): Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: price.currency,
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items: [{ billing_thresholds: null, discounts: [], metadata: {}, plan: price.id, price: price.id, quantity, tax_rates: [] }],
    metadata: {},
    on_behalf_of: null,
    proration_behavior: 'create_prorations',
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}

/**
 * `POST /v1/subscription_schedules` with `from_subscription`: a schedule that takes over the subscription, with one
 * phase, the current period on the current price, and `end_behavior: release` (the subscription goes on by itself
 * after the last phase), as Stripe makes it. The subscription names it in `schedule`.
 */
export function scheduleFromSubscription(store: Store, subscription: Subscription, metadata: Record<string, string>): SubscriptionSchedule {
  if (subscription.status === 'canceled') {
    throw invalidParam('from_subscription', `You cannot migrate a subscription that is canceled: ${subscription.id}.`);
  }
  if (subscription.schedule) {
    throw invalidParam(
      'from_subscription',
      `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
    );
  }
  const item = onlyItem(subscription);
  const now = store.clock.seconds();
  const schedule: SubscriptionSchedule = {
    id: newId('sub_sched_'),
    object: 'subscription_schedule',
    application: null,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: now },
    canceled_at: null,
    completed_at: null,
    created: now,
    current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
    customer: String(subscription.customer),
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: null,
      description: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        days_until_due: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: 'release',
    livemode: false,
    metadata,
    pause_schedules: [],
    phases: [phaseOf(item.price, item.quantity ?? 1, item.current_period_start, item.current_period_end)],
    released_at: null,
    released_subscription: null,
    status: 'active',
    subscription: subscription.id,
    test_clock: null,
  };
  store.subscriptionSchedules.add(schedule);
  recordEvent(store, 'subscription_schedule.created', schedule);
  const before = snapshot(subscription);
  subscription.schedule = schedule.id;
  recordUpdate(store, 'customer.subscription.updated', before, subscription);
  return schedule;
}

/**
 * `POST /v1/subscription_schedules/:id` with `phases`: the phases from the current one on, replaced. As on Stripe the
 * current phase keeps its start; each later phase starts where the one before ends, and ends at its `end_date`, after
 * its `duration`, or one period of its price later. The simulator does not change the current phase's price (Faxline
 * changes a plan at once through the subscription), and keeps one item per phase.
 */
export function replacePhases(
  store: Store,
  schedule: SubscriptionSchedule,
  inputs: PhaseInput[],
  endBehavior?: string,
): SubscriptionSchedule {
  assertChangeable(schedule);
  const subscription = store.subscriptions.find(String(schedule.subscription));
  const current = onlyItem(subscription);
  const [first] = inputs;
  if (!first) throw invalidParam('phases', 'A subscription schedule needs at least one phase.');
  const currentStart = schedule.current_phase?.start_date ?? current.current_period_start;
  if (first.startDate !== undefined && first.startDate !== currentStart) {
    throw invalidParam('phases[0][start_date]', 'You can not modify the start date of the current phase.');
  }
  if (first.price.id !== current.price.id || first.quantity !== (current.quantity ?? 1)) {
    throw invalidParam(
      'phases[0][items]',
      "The Stripe simulator does not change the current phase's items: change the subscription itself.",
    );
  }
  const phases: Phase[] = [];
  let start = currentStart;
  inputs.forEach((input, index) => {
    if (input.startDate !== undefined && input.startDate !== start) {
      throw invalidParam(`phases[${index}][start_date]`, 'Each phase must start when the phase before it ends.');
    }
    if (input.price.currency !== current.price.currency) {
      throw invalidParam(`phases[${index}][items][0][price]`, 'All phases must be in the currency of the subscription.');
    }
    const end = phaseEnd(input, start, index);
    phases.push(phaseOf(input.price, input.quantity, start, end));
    start = end;
  });
  const before = snapshot(schedule);
  schedule.phases = phases;
  schedule.current_phase = { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date };
  if (endBehavior) schedule.end_behavior = endBehavior as SubscriptionSchedule['end_behavior'];
  recordUpdate(store, 'subscription_schedule.updated', before, schedule);
  return schedule;
}

function phaseEnd(input: PhaseInput, start: number, index: number): number {
  if (input.endDate !== undefined) {
    if (input.endDate <= start) throw invalidParam(`phases[${index}][end_date]`, 'The end date of a phase must be after its start date.');
    return input.endDate;
  }
  if (input.duration) return periodEndAfter(start, start, input.duration.interval, input.duration.count);
  const recurring = input.price.recurring;
  if (!recurring) throw invalidParam(`phases[${index}][items][0][price]`, `The price ${input.price.id} is not recurring.`);
  return periodEndAfter(start, start, recurring.interval as Interval, recurring.interval_count);
}

function assertChangeable(schedule: SubscriptionSchedule): void {
  if (!CHANGEABLE.includes(schedule.status)) {
    throw new StripeApiError(
      `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`,
      { status: 400 },
    );
  }
}

/**
 * `POST /v1/subscription_schedules/:id/release`: the schedule lets go of its subscription, which keeps its current
 * price and renews on it; the phases still to come never happen.
 */
export function releaseSchedule(store: Store, schedule: SubscriptionSchedule): SubscriptionSchedule {
  assertChangeable(schedule);
  const subscription = store.subscriptions.find(String(schedule.subscription));
  const before = snapshot(schedule);
  schedule.status = 'released';
  schedule.released_at = store.clock.seconds();
  schedule.released_subscription = subscription.id;
  schedule.subscription = null;
  schedule.current_phase = null;
  recordUpdate(store, 'subscription_schedule.released', before, schedule);
  const beforeSubscription = snapshot(subscription);
  subscription.schedule = null;
  recordUpdate(store, 'customer.subscription.updated', beforeSubscription, subscription);
  return schedule;
}

/**
 * At a renewal of a subscription with a schedule, at `boundary`: the phase that starts there puts its price on the
 * subscription (a new interval anchors the billing cycle there), or, past the last phase, the schedule ends by its
 * `end_behavior` (`release`: the subscription goes on; `cancel`: answers true, and the caller ends it). Answers whether
 * the subscription is to end.
 */
export function enterPhaseAt(store: Store, subscription: Subscription, boundary: number): boolean {
  const schedule = subscription.schedule ? store.subscriptionSchedules.get(String(subscription.schedule)) : undefined;
  if (!schedule || !CHANGEABLE.includes(schedule.status)) return false;
  const phase = schedule.phases.find((candidate) => candidate.start_date === boundary);
  if (!phase) {
    const last = schedule.phases.at(-1);
    if (!last || last.end_date > boundary) return false;
    if (schedule.end_behavior === 'cancel') {
      const before = snapshot(schedule);
      schedule.status = 'canceled';
      schedule.canceled_at = boundary;
      schedule.current_phase = null;
      recordUpdate(store, 'subscription_schedule.canceled', before, schedule);
      return true;
    }
    releaseSchedule(store, schedule);
    return false;
  }
  const item = onlyItem(subscription);
  const price = store.prices.find(String(phase.items[0]!.price));
  const newInterval =
    price.recurring?.interval !== item.price.recurring?.interval ||
    price.recurring?.interval_count !== item.price.recurring?.interval_count;
  item.price = price;
  item.plan = planOf(price);
  item.quantity = phase.items[0]!.quantity ?? 1;
  if (newInterval) subscription.billing_cycle_anchor = boundary;
  const before = snapshot(schedule);
  schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
  recordUpdate(store, 'subscription_schedule.updated', before, schedule);
  return false;
}
