import { invalidParam, StripeApiError } from './errors';
import { invoiceItemLine, pendingItemsFor } from './invoice-lines';
import { draftInvoice } from './invoicing';
import { previewPlanChange, previewRenewal, type ProrationBehavior } from './plan-change';
import type { Store } from './store';
import { onlyItem } from './subscriptions';
import type { Invoice } from './wire';

export type PreviewInput = {
  customer?: string;
  subscription?: string;
  item?: { id?: string; price?: string; quantity?: number };
  prorationBehavior?: ProrationBehavior;
  prorationDate?: number;
};

function noUpcomingInvoice(customerId: string): StripeApiError {
  return new StripeApiError(`No upcoming invoices for customer: ${customerId}`, { status: 404, code: 'invoice_upcoming_none' });
}

/**
 * `POST /v1/invoices/create_preview`: the invoice a subscription change would make (its prorations), or the
 * subscription's next renewal, or the customer's waiting invoice items; nothing is kept or changed.
 */
export function previewInvoice(store: Store, input: PreviewInput): Invoice {
  if (!input.subscription) return previewWaitingItems(store, input);
  const subscription = store.subscriptions.find(input.subscription, 'subscription');
  const customerId = String(subscription.customer);
  if (input.customer && input.customer !== customerId) {
    throw invalidParam('customer', `The subscription ${subscription.id} does not belong to the customer ${input.customer}.`);
  }
  if (subscription.status === 'canceled') throw noUpcomingInvoice(customerId);
  const current = onlyItem(subscription);
  if (input.item?.price) {
    if (input.item.id !== current.id) {
      throw invalidParam('subscription_details[items][0][id]', 'Pass the id of the subscription item whose price changes.');
    }
    return previewPlanChange(store, subscription, {
      price: store.prices.find(input.item.price, 'subscription_details[items][0][price]'),
      quantity: input.item.quantity ?? current.quantity ?? 1,
      prorationBehavior: input.prorationBehavior ?? 'create_prorations',
      prorationDate: input.prorationDate ?? store.clock.seconds(),
    });
  }
  if (subscription.cancel_at_period_end) throw noUpcomingInvoice(customerId);
  return previewRenewal(store, subscription, current, pendingItemsFor(store, customerId, subscription.id));
}

function previewWaitingItems(store: Store, input: PreviewInput): Invoice {
  if (!input.customer) throw invalidParam('customer', 'Pass a customer or a subscription to preview an invoice.');
  const customer = store.customers.find(input.customer, 'customer');
  const waiting = pendingItemsFor(store, customer.id, null);
  if (waiting.length === 0) throw noUpcomingInvoice(customer.id);
  const now = store.clock.seconds();
  return draftInvoice(store, {
    customer,
    subscription: null,
    lines: waiting.map(invoiceItemLine),
    discounts: [],
    billingReason: 'manual',
    at: now,
    period: { start: now, end: now },
    preview: true,
  });
}
