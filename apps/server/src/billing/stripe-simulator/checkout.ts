import { attachDiscount, discountsInForce } from './discounts';
import { attachTestCard, createCustomer, type TestCard } from './customers';
import { invalidParam, StripeApiError } from './errors';
import { recordEvent } from './events';
import { newId } from './ids';
import { invoiceItemLine, pendingItemsFor, subscriptionLine } from './invoice-lines';
import { chargeInvoice, draftInvoice, issueInvoice } from './invoicing';
import type { CheckoutTerms, Store } from './store';
import { createSubscription, onlyItem } from './subscriptions';
import type { CheckoutLineItem, CheckoutSession, Coupon, Price } from './wire';

const SESSION_LIFETIME_SECONDS = 24 * 3600;

export type CheckoutInput = {
  price: Price;
  quantity: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  coupon: Coupon | null;
  allowPromotionCodes: boolean;
};

export function createCheckoutSession(store: Store, input: CheckoutInput): CheckoutSession {
  const now = store.clock.seconds();
  const id = newId('cs_test_', 58);
  const subtotal = (input.price.unit_amount ?? 0) * input.quantity;
  const discount = input.coupon ? firstInvoiceDiscount(input.coupon, subtotal) : 0;
  const customer = input.customer ? store.customers.find(input.customer, 'customer') : null;
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes ? true : null,
    allowed_payment_method_types: null,
    amount_subtotal: subtotal,
    amount_total: subtotal - discount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: input.price.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customer?.id ?? null,
    customer_account: null,
    customer_creation: customer ? null : 'always',
    customer_details: customer
      ? {
          address: customer.address ?? null,
          business_name: null,
          email: customer.email,
          individual_name: null,
          name: customer.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: null,
        }
      : null,
    customer_email: input.customerEmail,
    discounts: input.coupon ? [{ coupon: input.coupon.id, promotion_code: null }] : [],
    expires_at: now + SESSION_LIFETIME_SECONDS,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${store.publicUrl}/checkout/${id}`,
    wallet_options: null,
  };
  store.checkoutSessions.add(session);
  store.checkoutTerms.set(id, {
    lineItemId: newId('li_'),
    price: input.price,
    quantity: input.quantity,
    subscriptionMetadata: input.subscriptionMetadata,
  });
  return session;
}

/** What a session sells, which the session object does not show (its `line_items` are a list of their own). */
export function termsOf(store: Store, session: CheckoutSession): CheckoutTerms {
  const terms = store.checkoutTerms.get(session.id);
  if (!terms) throw new Error(`Checkout session ${session.id} has no terms`);
  return terms;
}

/** The session's `line_items`: the one price it sells, with what the coupon takes off the first invoice. */
export function lineItemsOf(store: Store, session: CheckoutSession): CheckoutLineItem[] {
  const terms = termsOf(store, session);
  const product = store.products.get(String(terms.price.product));
  const subtotal = session.amount_subtotal ?? 0;
  const discount = session.total_details?.amount_discount ?? 0;
  return [
    {
      id: terms.lineItemId,
      object: 'item',
      adjustable_quantity: null,
      amount_discount: discount,
      amount_subtotal: subtotal,
      amount_tax: 0,
      amount_total: subtotal - discount,
      currency: terms.price.currency,
      description: product?.name ?? null,
      metadata: {},
      price: terms.price,
      quantity: terms.quantity,
    },
  ];
}

function firstInvoiceDiscount(coupon: Coupon, subtotal: number): number {
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  return Math.min(coupon.amount_off ?? 0, subtotal);
}

export type Payer = { card: TestCard; email: string | null; name: string | null };

/**
 * A person pays on the hosted page. A declined card changes nothing (the session stays open, as on Stripe). A card
 * that pays makes the customer if needed, saves the card, starts the subscription, issues and collects its first
 * invoice and completes the session; answers where the browser goes next.
 */
export function payCheckoutSession(
  store: Store,
  session: CheckoutSession,
  payer: Payer,
): { paid: true; redirect: string } | { paid: false } {
  if (session.status !== 'open') throw new StripeApiError('This Checkout Session is no longer open.', { status: 400 });
  if (payer.card === 'decline') return { paid: false };
  const email = session.customer_email ?? payer.email;
  if (!session.customer && !email) throw invalidParam('email', 'An email address is needed to subscribe.');
  const customer = session.customer
    ? store.customers.find(String(session.customer))
    : createCustomer(store, { email, name: payer.name, metadata: {} });
  const card = attachTestCard(store, customer, payer.card);
  const at = store.clock.seconds();
  const terms = termsOf(store, session);
  const subscription = createSubscription(store, {
    customer: customer.id,
    price: terms.price,
    quantity: terms.quantity,
    paymentMethod: card.id,
    metadata: terms.subscriptionMetadata,
    at,
  });
  const couponId = session.discounts?.[0]?.coupon;
  if (couponId) {
    const discount = attachDiscount(store, store.coupons.find(String(couponId)), {
      customer: customer.id,
      subscription: subscription.id,
      checkoutSession: session.id,
      at,
    });
    subscription.discounts = [discount.id];
  }
  const item = onlyItem(subscription);
  const period = { start: item.current_period_start, end: item.current_period_end };
  const invoice = draftInvoice(store, {
    customer,
    subscription,
    lines: [
      subscriptionLine(store, subscription, item, period),
      ...pendingItemsFor(store, customer.id, subscription.id).map(invoiceItemLine),
    ],
    discounts: discountsInForce(store, subscription, at),
    billingReason: 'subscription_create',
    at,
    period: { start: at, end: at },
  });
  subscription.latest_invoice = invoice.id;
  recordEvent(store, 'customer.subscription.created', subscription);
  issueInvoice(store, invoice);
  chargeInvoice(store, invoice);
  completeSession(store, session, customer.id, subscription.id, invoice.id, payer);
  return { paid: true, redirect: session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? store.publicUrl };
}

function completeSession(
  store: Store,
  session: CheckoutSession,
  customerId: string,
  subscriptionId: string,
  invoiceId: string,
  payer: Payer,
): void {
  const customer = store.customers.find(customerId);
  session.status = 'complete';
  session.payment_status = 'paid';
  session.customer = customerId;
  session.subscription = subscriptionId;
  session.invoice = invoiceId;
  session.customer_details = {
    address: customer.address ?? null,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: payer.name ?? customer.name ?? null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.url = null;
  recordEvent(store, 'checkout.session.completed', session);
}

export function expireCheckoutSession(store: Store, session: CheckoutSession): CheckoutSession {
  if (session.status !== 'open') throw new StripeApiError(`Only Checkout Sessions with a status of open can be expired.`, { status: 400 });
  session.status = 'expired';
  session.url = null;
  recordEvent(store, 'checkout.session.expired', session);
  return session;
}
