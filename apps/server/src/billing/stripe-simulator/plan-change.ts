import { planOf } from './catalog';
import { discountsInForce } from './discounts';
import { cardDeclined, invalidParam } from './errors';
import { recordEvent } from './events';
import { buildInvoiceItem, invoiceItemLine, pendingItemsFor, subscriptionLine, type Period } from './invoice-lines';
import { cardDeclines, cardOf, draftInvoice } from './invoicing';
import { formatDay } from './money';
import { periodEndAfter, type Interval } from './periods';
import type { Store } from './store';
import { onlyItem } from './subscriptions';
import type { Invoice, InvoiceItem, Price, Subscription, SubscriptionItem } from './wire';

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';
export const PRORATION_BEHAVIORS: readonly ProrationBehavior[] = ['create_prorations', 'always_invoice', 'none'];

export type PlanChange = {
  price: Price;
  quantity: number;
  prorationBehavior: ProrationBehavior;
  /** The instant the prorations are computed for; pass the preview's to be charged exactly what it quoted. */
  prorationDate: number;
};

/** What a change does, worked out without changing anything: shared by the change and its preview. */
type ChangeOutcome = {
  /** The item as it will be. */
  item: SubscriptionItem;
  prorations: InvoiceItem[];
  /** A change of interval (month to year) starts a new period now and is invoiced now, as on Stripe. */
  newPeriod: Period | null;
  invoicesNow: boolean;
};

function workOutChange(store: Store, subscription: Subscription, change: PlanChange): ChangeOutcome {
  const current = onlyItem(subscription);
  const oldPrice = current.price;
  const newPrice = change.price;
  if (!newPrice.recurring) throw invalidParam('items[0][price]', `The price ${newPrice.id} is not recurring.`);
  if (newPrice.currency !== oldPrice.currency)
    throw invalidParam('items[0][price]', 'The new price must be in the currency of the subscription.');
  const period = { start: current.current_period_start, end: current.current_period_end };
  if (change.prorationDate < period.start || change.prorationDate > period.end) {
    throw invalidParam('proration_date', 'proration_date must fall within the current billing period.');
  }
  const intervalChanges =
    newPrice.recurring.interval !== oldPrice.recurring?.interval ||
    newPrice.recurring.interval_count !== oldPrice.recurring?.interval_count;
  const at = change.prorationDate;
  const newPeriod = intervalChanges
    ? { start: at, end: periodEndAfter(at, at, newPrice.recurring.interval as Interval, newPrice.recurring.interval_count) }
    : null;
  const item: SubscriptionItem = {
    ...current,
    price: newPrice,
    plan: planOf(newPrice),
    quantity: change.quantity,
    current_period_start: newPeriod?.start ?? current.current_period_start,
    current_period_end: newPeriod?.end ?? current.current_period_end,
  };
  const prorations: InvoiceItem[] = [];
  if (change.prorationBehavior !== 'none') {
    prorations.push(prorationItem(store, subscription, current, oldPrice, current.quantity ?? 1, -1, period, at));
    // A new interval is billed whole by its own line; only the old period's unused time is prorated.
    if (!intervalChanges) prorations.push(prorationItem(store, subscription, current, newPrice, change.quantity, 1, period, at));
  }
  return {
    item,
    prorations: prorations.filter((proration) => proration.amount !== 0),
    newPeriod,
    invoicesNow: intervalChanges || change.prorationBehavior === 'always_invoice',
  };
}

/**
 * A credit (`sign` -1) for the unused time on the old price or a charge (+1) for the remaining time on the new one:
 * the price times the share of the period's seconds left after the proration date, rounded to the unit, as Stripe
 * computes it.
 */
function prorationItem(
  store: Store,
  subscription: Subscription,
  item: SubscriptionItem,
  price: Price,
  quantity: number,
  sign: 1 | -1,
  period: Period,
  at: number,
): InvoiceItem {
  const share = (period.end - at) / (period.end - period.start);
  const amount = sign * Math.round((price.unit_amount ?? 0) * quantity * share);
  const product = store.products.get(String(price.product));
  const words = sign < 0 ? 'Unused time on' : 'Remaining time on';
  return buildInvoiceItem(store, {
    customer: String(subscription.customer),
    currency: price.currency,
    amount,
    quantity,
    unitAmountDecimal: String(amount / quantity),
    description: `${words} ${product?.name ?? price.id} after ${formatDay(at)}`,
    metadata: {},
    price,
    subscription: subscription.id,
    subscriptionItem: item.id,
    proration: true,
    period: { start: at, end: period.end },
  });
}

/** The invoice a change makes now: its prorations, a new interval's first period, and the items waiting. */
function invoiceNow(
  store: Store,
  subscription: Subscription,
  outcome: ChangeOutcome,
  waiting: InvoiceItem[],
  at: number,
  preview: boolean,
  prorationDate?: number,
): Invoice {
  const lines = [
    ...(outcome.newPeriod ? [subscriptionLine(store, subscription, outcome.item, outcome.newPeriod)] : []),
    ...waiting.map(invoiceItemLine),
  ];
  return draftInvoice(store, {
    customer: store.customers.find(String(subscription.customer)),
    subscription,
    lines,
    discounts: discountsInForce(store, subscription, at),
    billingReason: 'subscription_update',
    at,
    period: { start: at, end: at },
    preview,
    prorationDate,
  });
}

/**
 * Moves the subscription to another price and keeps the prorations it makes. With `always_invoice` (or a new interval)
 * answers the invoice to issue and charge now, once the caller has recorded the subscription's update; otherwise the
 * prorations wait for the next invoice (`create_prorations`), or there are none (`none`). With `errorIfIncomplete`
 * a charge the card would decline is refused before anything changes.
 */
export function applyPlanChange(store: Store, subscription: Subscription, change: PlanChange, errorIfIncomplete: boolean): Invoice | null {
  const outcome = workOutChange(store, subscription, change);
  const at = store.clock.seconds();
  const customerId = String(subscription.customer);
  if (errorIfIncomplete && outcome.invoicesNow) {
    const quote = invoiceNow(
      store,
      subscription,
      outcome,
      [...pendingItemsFor(store, customerId, subscription.id), ...outcome.prorations],
      at,
      true,
    );
    if (quote.amount_due > 0 && cardDeclines(store, cardOf(store.customers.find(customerId), subscription))) throw cardDeclined();
  }
  subscription.items.data[0] = outcome.item;
  if (outcome.newPeriod) subscription.billing_cycle_anchor = outcome.newPeriod.start;
  for (const proration of outcome.prorations) {
    store.invoiceItems.add(proration);
    recordEvent(store, 'invoiceitem.created', proration);
  }
  if (!outcome.invoicesNow) return null;
  const invoice = invoiceNow(store, subscription, outcome, pendingItemsFor(store, customerId, subscription.id), at, false);
  subscription.latest_invoice = invoice.id;
  return invoice;
}

/**
 * The invoice a change would make, changing nothing: with `always_invoice` (or a new interval) the one charged at
 * once; otherwise the next renewal's, with the prorations waiting on it.
 */
export function previewPlanChange(store: Store, subscription: Subscription, change: PlanChange): Invoice {
  const outcome = workOutChange(store, subscription, change);
  const waiting = [...pendingItemsFor(store, String(subscription.customer), subscription.id), ...outcome.prorations];
  if (outcome.invoicesNow) return invoiceNow(store, subscription, outcome, waiting, store.clock.seconds(), true, change.prorationDate);
  return previewRenewal(store, subscription, outcome.item, waiting);
}

/** The next renewal's invoice for the subscription with this item, and these items waiting. */
export function previewRenewal(store: Store, subscription: Subscription, item: SubscriptionItem, waiting: InvoiceItem[]): Invoice {
  const start = item.current_period_end;
  const recurring = item.price.recurring;
  const end = periodEndAfter(
    subscription.billing_cycle_anchor,
    start,
    (recurring?.interval ?? 'month') as Interval,
    recurring?.interval_count ?? 1,
  );
  return draftInvoice(store, {
    customer: store.customers.find(String(subscription.customer)),
    subscription,
    lines: [subscriptionLine(store, subscription, item, { start, end }), ...waiting.map(invoiceItemLine)],
    discounts: discountsInForce(store, subscription, start),
    billingReason: 'upcoming',
    at: start,
    period: { start: item.current_period_start, end: start },
    preview: true,
  });
}
