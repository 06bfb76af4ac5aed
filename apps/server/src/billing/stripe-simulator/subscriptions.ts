import { planOf } from './catalog';
import { recordEvent } from './events';
import { newId } from './ids';
import { periodEndAfter, type Interval } from './periods';
import type { Store } from './store';
import type { Price, Subscription, SubscriptionItem } from './wire';

/** The subscription's one item: Faxline's plans are one price each. */
export function onlyItem(subscription: Subscription): SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
  return item;
}

/** The end of the period that starts at `start`, on the subscription's billing anchor. */
export function periodEnd(subscription: Subscription, price: Price, start: number): number {
  const recurring = price.recurring;
  if (!recurring) throw new Error(`Price ${price.id} is not recurring`);
  return periodEndAfter(subscription.billing_cycle_anchor, start, recurring.interval as Interval, recurring.interval_count);
}

export function subscriptionItem(
  subscriptionId: string,
  price: Price,
  quantity: number,
  period: { start: number; end: number },
  at: number,
): SubscriptionItem {
  return {
    id: newId('si_', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: at,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

export type SubscriptionInput = {
  customer: string;
  price: Price;
  quantity: number;
  paymentMethod: string;
  metadata: Record<string, string>;
  at: number;
};

/**
 * A subscription that starts now, already `active` (the first payment is taken before it is made: a declined first
 * payment leaves no subscription, as in Stripe Checkout). Its period runs one interval from now.
 */
export function createSubscription(store: Store, input: SubscriptionInput): Subscription {
  const id = newId('sub_');
  const subscription: Subscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.at,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: input.at },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.at,
    currency: input.price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.at,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
  const period = { start: input.at, end: periodEnd(subscription, input.price, input.at) };
  subscription.items.data.push(subscriptionItem(id, input.price, input.quantity, period, input.at));
  return store.subscriptions.add(subscription);
}

/** Flags the subscription to end when its period does, or lifts the flag (`cancel_at_period_end`). */
export function markCancelAtPeriodEnd(subscription: Subscription, cancel: boolean, at: number): void {
  if (subscription.cancel_at_period_end === cancel) return;
  subscription.cancel_at_period_end = cancel;
  subscription.cancel_at = cancel ? onlyItem(subscription).current_period_end : null;
  subscription.canceled_at = cancel ? at : null;
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: cancel ? 'cancellation_requested' : null,
  };
}

/** Ends the subscription at `at`: `canceled`, and `customer.subscription.deleted`. */
export function endSubscription(store: Store, subscription: Subscription, at: number): Subscription {
  subscription.status = 'canceled';
  subscription.ended_at = at;
  subscription.canceled_at ??= at;
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' };
  recordEvent(store, 'customer.subscription.deleted', subscription);
  return subscription;
}
