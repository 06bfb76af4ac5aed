import { recordUpdate, snapshot } from './events';
import { chargeInvoice, issueInvoice } from './invoicing';
import { applyPlanChange, type PlanChange } from './plan-change';
import type { Store } from './store';
import { markCancelAtPeriodEnd } from './subscriptions';
import type { Subscription } from './wire';

export type SubscriptionChanges = {
  metadata?: Record<string, string>;
  cancelAtPeriodEnd?: boolean;
  defaultPaymentMethod?: string;
  planChange?: PlanChange;
  errorIfIncomplete?: boolean;
};

/**
 * `POST /v1/subscriptions/:id`: every change of one request is one `customer.subscription.updated`, with the previous
 * values of what changed; an invoice the change makes (an upgrade with `always_invoice`) is issued and charged after.
 */
export function updateSubscription(store: Store, subscription: Subscription, changes: SubscriptionChanges): Subscription {
  const before = snapshot(subscription);
  const invoice = changes.planChange ? applyPlanChange(store, subscription, changes.planChange, changes.errorIfIncomplete ?? false) : null;
  if (changes.metadata) subscription.metadata = changes.metadata;
  if (changes.defaultPaymentMethod)
    subscription.default_payment_method = store.paymentMethods.find(changes.defaultPaymentMethod, 'default_payment_method').id;
  if (changes.cancelAtPeriodEnd !== undefined) markCancelAtPeriodEnd(subscription, changes.cancelAtPeriodEnd, store.clock.seconds());
  recordUpdate(store, 'customer.subscription.updated', before, subscription);
  if (invoice) {
    issueInvoice(store, invoice);
    chargeInvoice(store, invoice);
  }
  return subscription;
}
