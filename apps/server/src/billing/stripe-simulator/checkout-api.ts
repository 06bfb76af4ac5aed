import { redeemableCoupon } from './catalog';
import { createCheckoutSession, expireCheckoutSession, lineItemsOf } from './checkout';
import { invalidParam, missingParam } from './errors';
import { pageOf } from './list';
import * as param from './params';
import { createPortalSession } from './portal';
import { route, type ApiRoute } from './router';
import type { Store } from './store';
import { listOf } from './wire';

/** Accepted so that a real integration's request passes, with no effect here: the simulator collects no tax nor address. */
const IGNORED_SESSION_PARAMS = ['locale', 'billing_address_collection', 'payment_method_types', 'tax_id_collection', 'customer_update'];

function urlParam(params: param.Params, key: string): string | undefined {
  const value = param.optionalString(params, key);
  if (value === undefined || value === '') return undefined;
  try {
    const url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // Not a URL: refused below, as Stripe refuses it.
  }
  throw invalidParam(key, 'Not a valid URL');
}

function createSession(store: Store, params: param.Params): object {
  param.rejectUnknownParams(params, [
    'mode',
    'line_items',
    'customer',
    'customer_email',
    'client_reference_id',
    'success_url',
    'cancel_url',
    'metadata',
    'subscription_data',
    'discounts',
    'allow_promotion_codes',
    'ui_mode',
    ...IGNORED_SESSION_PARAMS,
  ]);
  const mode = param.requiredString(params, 'mode');
  if (mode !== 'subscription') throw invalidParam('mode', 'The Stripe simulator supports mode=subscription only.');
  const uiMode = param.optionalString(params, 'ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted_page' && uiMode !== 'hosted') {
    throw invalidParam('ui_mode', 'The Stripe simulator offers the hosted page only.');
  }
  const lineItems = param.optionalObjectArray(params, 'line_items') ?? [];
  if (lineItems.length === 0) throw missingParam('line_items');
  if (lineItems.length > 1) throw invalidParam('line_items', 'The Stripe simulator sells one price per checkout.');
  const lineItem = lineItems[0]!;
  param.rejectUnknownParams(lineItem, ['price', 'quantity']);
  const price = store.prices.find(param.requiredString(lineItem, 'price', 'line_items[0][price]'), 'line_items[0][price]');
  if (!price.active) throw invalidParam('line_items[0][price]', `The price specified is inactive.`);
  if (!price.recurring) throw invalidParam('line_items[0][price]', 'You must specify at least one recurring price in `subscription` mode.');
  const customer = param.optionalString(params, 'customer') || null;
  const customerEmail = param.optionalString(params, 'customer_email') || null;
  if (customer && customerEmail)
    throw invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  const discounts = param.optionalObjectArray(params, 'discounts') ?? [];
  const allowPromotionCodes = param.optionalBoolean(params, 'allow_promotion_codes') ?? false;
  if (discounts.length > 0 && allowPromotionCodes) {
    throw invalidParam('discounts', 'You may only specify one of these parameters: allow_promotion_codes, discounts.');
  }
  const couponId = discounts[0] ? param.requiredString(discounts[0], 'coupon', 'discounts[0][coupon]') : undefined;
  const subscriptionData = param.optionalObject(params, 'subscription_data') ?? {};
  param.rejectUnknownParams(subscriptionData, ['metadata']);
  const successUrl = urlParam(params, 'success_url');
  if (!successUrl) throw missingParam('success_url');
  return createCheckoutSession(store, {
    price,
    quantity: param.optionalInteger(lineItem, 'quantity', 'line_items[0][quantity]') ?? 1,
    customer,
    customerEmail,
    clientReferenceId: param.optionalString(params, 'client_reference_id') || null,
    successUrl,
    cancelUrl: urlParam(params, 'cancel_url') ?? null,
    metadata: param.mergedMetadata({}, params),
    subscriptionMetadata: param.mergedMetadata({}, subscriptionData),
    coupon: couponId ? redeemableCoupon(store, couponId, 'discounts[0][coupon]') : null,
    allowPromotionCodes,
  });
}

/** Checkout Sessions and billing portal sessions: `/v1/checkout/sessions`, `/v1/billing_portal/sessions`. */
export const checkoutRoutes: ApiRoute[] = [
  route('POST', '/v1/checkout/sessions', ({ store, params }) => createSession(store, params)),
  route('GET', '/v1/checkout/sessions/:id', ({ store, params, path }) => {
    const session = store.checkoutSessions.find(path.id!);
    // `line_items` is one of the fields Stripe leaves out unless `expand[]=line_items` asks for it.
    if (!param.expandList(params).includes('line_items')) return session;
    return { ...session, line_items: listOf(lineItemsOf(store, session), `/v1/checkout/sessions/${session.id}/line_items`) };
  }),
  route('GET', '/v1/checkout/sessions/:id/line_items', ({ store, params, path }) =>
    pageOf(lineItemsOf(store, store.checkoutSessions.find(path.id!)), params, `/v1/checkout/sessions/${path.id}/line_items`),
  ),
  route('POST', '/v1/checkout/sessions/:id/expire', ({ store, path }) =>
    expireCheckoutSession(store, store.checkoutSessions.find(path.id!)),
  ),
  route('GET', '/v1/checkout/sessions', ({ store, params }) => {
    const customer = param.optionalString(params, 'customer');
    const subscription = param.optionalString(params, 'subscription');
    const status = param.optionalString(params, 'status');
    const sessions = store.checkoutSessions
      .all()
      .filter(
        (session) =>
          (customer === undefined || session.customer === customer) &&
          (subscription === undefined || session.subscription === subscription),
      )
      .filter((session) => status === undefined || session.status === status);
    return pageOf(sessions, params, '/v1/checkout/sessions');
  }),
  route('POST', '/v1/billing_portal/sessions', ({ store, params }) => {
    param.rejectUnknownParams(params, ['customer', 'return_url', 'locale']);
    return createPortalSession(store, param.requiredString(params, 'customer'), urlParam(params, 'return_url') ?? null);
  }),
];
