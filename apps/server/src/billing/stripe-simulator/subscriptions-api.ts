import { invalidParam, noSuchObject, StripeApiError } from './errors';
import { pageOf } from './list';
import * as param from './params';
import { PRORATION_BEHAVIORS, type PlanChange } from './plan-change';
import { route, type ApiRoute } from './router';
import type { Store } from './store';
import { updateSubscription, type SubscriptionChanges } from './subscription-update';
import { endSubscription, onlyItem } from './subscriptions';
import type { Subscription } from './wire';

const ENDED = ['canceled', 'incomplete_expired'];

function planChangeParam(store: Store, subscription: Subscription, params: param.Params): PlanChange | undefined {
  const items = param.optionalObjectArray(params, 'items');
  if (!items || items.length === 0) return undefined;
  if (items.length > 1) throw invalidParam('items', 'The Stripe simulator keeps one item per subscription.');
  const item = items[0]!;
  param.rejectUnknownParams(item, ['id', 'price', 'quantity']);
  const current = onlyItem(subscription);
  if (param.requiredString(item, 'id', 'items[0][id]') !== current.id) {
    throw invalidParam('items[0][id]', `The subscription item ${String(item.id)} is not part of ${subscription.id}.`);
  }
  const priceId = param.optionalString(item, 'price', 'items[0][price]');
  return {
    price: priceId ? store.prices.find(priceId, 'items[0][price]') : current.price,
    quantity: param.optionalInteger(item, 'quantity', 'items[0][quantity]') ?? current.quantity ?? 1,
    prorationBehavior:
      param.oneOf(param.optionalString(params, 'proration_behavior'), PRORATION_BEHAVIORS, 'proration_behavior') ?? 'create_prorations',
    prorationDate: param.optionalInteger(params, 'proration_date') ?? store.clock.seconds(),
  };
}

function update(store: Store, subscription: Subscription, params: param.Params): Subscription {
  param.rejectUnknownParams(params, [
    'items',
    'proration_behavior',
    'proration_date',
    'cancel_at_period_end',
    'metadata',
    'payment_behavior',
    'default_payment_method',
  ]);
  // As on Stripe, an ended subscription keeps taking metadata (and an event says so); nothing else of it changes.
  if (subscription.status === 'canceled' && Object.keys(params).some((key) => key !== 'metadata')) {
    throw new StripeApiError('A canceled subscription can only update its cancellation_details and metadata.', { status: 400 });
  }
  const paymentBehavior = param.oneOf(
    param.optionalString(params, 'payment_behavior'),
    ['allow_incomplete', 'error_if_incomplete', 'default_incomplete'],
    'payment_behavior',
  );
  const changes: SubscriptionChanges = {
    metadata: params.metadata === undefined ? undefined : param.mergedMetadata(subscription.metadata, params),
    cancelAtPeriodEnd: param.optionalBoolean(params, 'cancel_at_period_end'),
    defaultPaymentMethod: param.optionalString(params, 'default_payment_method') || undefined,
    planChange: planChangeParam(store, subscription, params),
    errorIfIncomplete: paymentBehavior === 'error_if_incomplete',
  };
  return updateSubscription(store, subscription, changes);
}

/** Subscriptions: `/v1/subscriptions`. They are made by paying a Checkout Session. */
export const subscriptionRoutes: ApiRoute[] = [
  route('GET', '/v1/subscriptions/:id', ({ store, path }) => store.subscriptions.find(path.id!)),
  route('POST', '/v1/subscriptions/:id', ({ store, params, path }) => update(store, store.subscriptions.find(path.id!), params)),
  route('DELETE', '/v1/subscriptions/:id', ({ store, path }) => {
    const subscription = store.subscriptions.find(path.id!);
    if (subscription.status === 'canceled')
      throw new StripeApiError(`The subscription ${subscription.id} is already canceled.`, { status: 400 });
    return endSubscription(store, subscription, store.clock.seconds());
  }),
  route('GET', '/v1/subscription_items/:id', ({ store, path }) => {
    const item = store.subscriptions
      .all()
      .flatMap((subscription) => subscription.items.data)
      .find((entry) => entry.id === path.id);
    if (!item) throw noSuchObject('subscription_item', path.id!);
    return item;
  }),
  route('GET', '/v1/subscription_items', ({ store, params }) => {
    const subscription = store.subscriptions.find(param.requiredString(params, 'subscription'), 'subscription');
    return pageOf([...subscription.items.data].reverse(), params, `/v1/subscription_items?subscription=${subscription.id}`);
  }),
  route('GET', '/v1/subscriptions', ({ store, params }) => {
    const customer = param.optionalString(params, 'customer');
    const price = param.optionalString(params, 'price');
    // Without a status, Stripe lists the subscriptions that are not canceled.
    const status = param.optionalString(params, 'status');
    const subscriptions = store.subscriptions
      .all()
      .filter((subscription) => customer === undefined || subscription.customer === customer)
      .filter((subscription) => price === undefined || subscription.items.data.some((item) => item.price.id === price))
      .filter((subscription) => {
        if (status === 'all') return true;
        if (status === 'ended') return ENDED.includes(subscription.status);
        if (status === undefined) return subscription.status !== 'canceled';
        return subscription.status === status;
      });
    return pageOf(subscriptions, params, '/v1/subscriptions');
  }),
];
