import { discountsInForce } from './discounts';
import { recordUpdate, snapshot } from './events';
import { invoiceItemLine, pendingItemsFor, subscriptionLine } from './invoice-lines';
import { chargeInvoice, draftInvoice, issueInvoice } from './invoicing';
import type { Store } from './store';
import { enterPhaseAt } from './schedules';
import { endSubscription, onlyItem, periodEnd } from './subscriptions';
import type { Subscription } from './wire';

const RENEWING: readonly string[] = ['active', 'past_due', 'unpaid'];

/**
 * Brings every subscription up to the simulator's clock, period boundary by period boundary in time order (so that
 * events come in the order they would have on Stripe): one flagged `cancel_at_period_end` ends; any other starts its
 * next period and is invoiced for it, with the items waiting and the coupons still in force, and charged.
 */
export function renewDueSubscriptions(store: Store): void {
  for (;;) {
    const now = store.clock.seconds();
    const due = store.subscriptions
      .all()
      .filter((subscription) => RENEWING.includes(subscription.status) && onlyItem(subscription).current_period_end <= now)
      .sort((a, b) => onlyItem(a).current_period_end - onlyItem(b).current_period_end)[0];
    if (!due) return;
    renewSubscription(store, due);
  }
}

function renewSubscription(store: Store, subscription: Subscription): void {
  const item = onlyItem(subscription);
  const boundary = item.current_period_end;
  if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= boundary)) {
    endSubscription(store, subscription, boundary);
    return;
  }
  const before = snapshot(subscription);
  // A schedule's next phase (a downgrade at the period's end) takes effect before the new period is invoiced.
  if (enterPhaseAt(store, subscription, boundary)) {
    endSubscription(store, subscription, boundary);
    return;
  }
  const previous = { start: item.current_period_start, end: boundary };
  item.current_period_start = boundary;
  item.current_period_end = periodEnd(subscription, item.price, boundary);
  // A `once` coupon spent on an earlier invoice leaves the subscription, as on Stripe.
  subscription.discounts = subscription.discounts.filter((discount) => !store.spentDiscounts.has(String(discount)));
  const customerId = String(subscription.customer);
  const invoice = draftInvoice(store, {
    customer: store.customers.find(customerId),
    subscription,
    lines: [
      subscriptionLine(store, subscription, item, { start: boundary, end: item.current_period_end }),
      ...pendingItemsFor(store, customerId, subscription.id).map(invoiceItemLine),
    ],
    discounts: discountsInForce(store, subscription, boundary),
    billingReason: 'subscription_cycle',
    at: boundary,
    period: previous,
  });
  subscription.latest_invoice = invoice.id;
  recordUpdate(store, 'customer.subscription.updated', before, subscription);
  issueInvoice(store, invoice);
  chargeInvoice(store, invoice);
}
