import { recordEvent } from './events';
import { newId } from './ids';
import { formatMoney } from './money';
import type { Store } from './store';
import type { InvoiceItem, InvoiceLine, Price, Subscription, SubscriptionItem } from './wire';

export type Period = { start: number; end: number };

/** The line that bills a subscription item for one period: "1 × Faxline Pro (at $19.00 / month)". */
export function subscriptionLine(store: Store, subscription: Subscription, item: SubscriptionItem, period: Period): InvoiceLine {
  const price = item.price;
  const quantity = item.quantity ?? 1;
  const unitAmount = price.unit_amount ?? 0;
  const product = store.products.get(String(price.product));
  const interval = price.recurring?.interval ?? 'month';
  return {
    id: newId('il_'),
    object: 'line_item',
    amount: unitAmount * quantity,
    currency: price.currency,
    description: `${quantity} × ${product?.name ?? price.id} (at ${formatMoney(unitAmount, price.currency)} / ${interval})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: { ...subscription.metadata },
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: String(price.product) },
      unit_amount_decimal: String(unitAmount),
    },
    quantity,
    quantity_decimal: String(quantity),
    subscription: subscription.id,
    subtotal: unitAmount * quantity,
    taxes: [],
  };
}

/**
 * The line of an invoice item. Prorations are lines of their subscription item (`parent.subscription_item_details`
 * with `proration: true`, where Stripe says to look for them); other items are lines of their own.
 */
export function invoiceItemLine(item: InvoiceItem): InvoiceLine {
  const subscription = item.parent?.subscription_details?.subscription ?? null;
  const subscriptionItem = item.parent?.subscription_details?.subscription_item;
  return {
    id: newId('il_'),
    object: 'line_item',
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: item.discountable,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: { ...(item.metadata ?? {}) },
    parent:
      item.proration && subscription && subscriptionItem
        ? {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: item.id,
              proration: true,
              proration_details: { credited_items: null },
              subscription,
              subscription_item: subscriptionItem,
            },
          }
        : {
            type: 'invoice_item_details',
            subscription_item_details: null,
            invoice_item_details: {
              invoice_item: item.id,
              proration: item.proration,
              proration_details: { credited_items: null },
              subscription,
            },
          },
    period: item.period,
    pretax_credit_amounts: [],
    pricing: item.pricing,
    quantity: item.quantity,
    quantity_decimal: item.quantity_decimal,
    subscription,
    subtotal: item.amount,
    taxes: [],
  };
}

export type InvoiceItemInput = {
  customer: string;
  currency: string;
  amount: number;
  quantity: number;
  unitAmountDecimal: string;
  description: string | null;
  metadata: Record<string, string>;
  price?: Price;
  subscription?: string;
  subscriptionItem?: string;
  proration?: boolean;
  period: Period;
  discountable?: boolean;
};

/** An invoice item, not yet on an invoice: the next invoice of its customer (or of its subscription) takes it. */
export function buildInvoiceItem(store: Store, input: InvoiceItemInput): InvoiceItem {
  return {
    id: newId('ii_'),
    object: 'invoiceitem',
    amount: input.amount,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    date: store.clock.seconds(),
    description: input.description,
    discountable: input.discountable ?? true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: input.metadata,
    net_amount: input.amount,
    parent: input.subscription
      ? {
          type: 'subscription_details',
          subscription_details: input.subscriptionItem
            ? { subscription: input.subscription, subscription_item: input.subscriptionItem }
            : { subscription: input.subscription },
        }
      : null,
    period: input.period,
    pricing: input.price
      ? {
          type: 'price_details',
          price_details: { price: input.price.id, product: String(input.price.product) },
          unit_amount_decimal: input.unitAmountDecimal,
        }
      : { type: 'price_details', unit_amount_decimal: input.unitAmountDecimal },
    proration: input.proration ?? false,
    quantity: input.quantity,
    quantity_decimal: String(input.quantity),
    tax_rates: [],
    test_clock: null,
  };
}

/** The customer's items waiting for an invoice: those of this subscription, and those of no subscription. */
export function pendingItemsFor(store: Store, customerId: string, subscriptionId: string | null): InvoiceItem[] {
  return store.invoiceItems.all().filter((item) => {
    if (item.invoice !== null || item.customer !== customerId) return false;
    const owner = item.parent?.subscription_details?.subscription ?? null;
    return owner === null || owner === subscriptionId;
  });
}

/** Keeps an invoice item for the customer's next invoice (`invoiceitem.created`). */
export function addInvoiceItem(store: Store, input: InvoiceItemInput): InvoiceItem {
  const item = store.invoiceItems.add(buildInvoiceItem(store, input));
  recordEvent(store, 'invoiceitem.created', item);
  return item;
}
