import { taxIdsOf } from './customers';
import { applyDiscounts, couponOf } from './discounts';
import { recordEvent, recordUpdate, snapshot } from './events';
import { newId } from './ids';
import { type Period } from './invoice-lines';
import type { Store } from './store';
import type { Customer, Discount, Invoice, InvoiceLine, Subscription } from './wire';

export type InvoiceDraft = {
  customer: Customer;
  subscription: Subscription | null;
  lines: InvoiceLine[];
  discounts: Discount[];
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual' | 'upcoming';
  /** When the invoice is made. */
  at: number;
  /** Stripe's invoice period: for a subscription invoice it looks back one period (the lines carry the service period). */
  period: Period;
  /** A preview is never kept: its id says so and it has no number nor page. */
  preview?: boolean;
  /** The moment a preview's prorations are computed for: `subscription_proration_date`, to pass to the update. */
  prorationDate?: number;
};

/** Builds an invoice with its totals, without keeping it. */
export function draftInvoice(store: Store, draft: InvoiceDraft): Invoice {
  const { customer, subscription, lines } = draft;
  const id = draft.preview ? newId('upcoming_in_') : newId('in_');
  const discountTotals = applyDiscounts(store, lines, draft.discounts);
  for (const line of lines) line.invoice = draft.preview ? null : id;
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discounted = discountTotals.reduce((sum, entry) => sum + entry.amount, 0);
  const total = subtotal - discounted;
  // The customer's balance (negative: credit) is taken into the amount due, as Stripe does.
  const due = total + customer.balance;
  const currency = lines[0]?.currency ?? subscription?.currency ?? 'usd';
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe simulator',
    account_tax_ids: null,
    amount_due: Math.max(0, due),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, due),
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !draft.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: draft.billingReason,
    collection_method: 'charge_automatically',
    created: draft.at,
    currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    // As on Stripe, the customer's tax ids as they are when the invoice is made; later changes do not reach it.
    customer_tax_ids: taxIdsOf(store, customer.id).map(({ type, value }) => ({ type, value })),
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: draft.discounts.map((discount) => discount.id),
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: {
            metadata: { ...subscription.metadata },
            subscription: subscription.id,
            ...(draft.prorationDate === undefined ? {} : { subscription_proration_date: draft.prorationDate }),
          },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: draft.period.end,
    period_start: draft.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: customer.balance,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts: discountTotals,
    total_excluding_tax: total,
    total_pretax_credit_amounts: discountTotals.map((entry) => ({ ...entry, type: 'discount' })),
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/**
 * Keeps a drafted invoice and finalizes it at once (Stripe waits about an hour before finalizing a renewal; tests
 * would only wait longer): it gets its number and page, takes its invoice items and the customer's balance, and spends
 * its `once` coupons. Records `invoice.created` then `invoice.finalized`.
 */
export function issueInvoice(store: Store, invoice: Invoice): Invoice {
  store.invoices.add(invoice);
  recordEvent(store, 'invoice.created', invoice);
  store.invoiceCount += 1;
  invoice.number = `SIM-${String(store.invoiceCount).padStart(4, '0')}`;
  invoice.hosted_invoice_url = `${store.publicUrl}/invoice/${invoice.id}`;
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = invoice.created;
  invoice.effective_at = invoice.created;
  const customer = store.customers.find(String(invoice.customer));
  invoice.ending_balance = Math.min(0, invoice.total + customer.balance);
  customer.balance = invoice.ending_balance;
  for (const line of invoice.lines.data) takeInvoiceItem(store, line, invoice.id);
  for (const discountId of invoice.discounts) {
    const discount = store.discounts.get(String(discountId));
    if (discount && couponOf(store, discount).duration === 'once') store.spentDiscounts.add(discount.id);
  }
  recordEvent(store, 'invoice.finalized', invoice);
  return invoice;
}

function takeInvoiceItem(store: Store, line: InvoiceLine, invoiceId: string): void {
  const itemId = line.parent?.invoice_item_details?.invoice_item ?? line.parent?.subscription_item_details?.invoice_item;
  const item = itemId ? store.invoiceItems.get(itemId) : undefined;
  if (item) item.invoice = invoiceId;
}

/** The card a charge uses: the subscription's, else the customer's default; null when there is none. */
export function cardOf(customer: Customer, subscription: Subscription | undefined): string | null {
  const card = subscription?.default_payment_method ?? customer.invoice_settings.default_payment_method;
  return card === null || card === undefined ? null : String(card);
}

/** Whether a charge on this card fails: no card, or one made to decline. */
export function cardDeclines(store: Store, card: string | null): boolean {
  return card === null || store.decliningCards.has(card);
}

/**
 * Tries to collect an open invoice from the saved card. Paid: `invoice.paid` and `invoice.payment_succeeded`, and a
 * `past_due` subscription with nothing else open becomes `active` again. Declined: `invoice.payment_failed` and an
 * `active` subscription becomes `past_due`. Answers whether the invoice is paid.
 */
export function chargeInvoice(store: Store, invoice: Invoice): boolean {
  if (invoice.status === 'paid') return true;
  if (invoice.status !== 'open') return false;
  const subscription = subscriptionOf(store, invoice);
  if (invoice.amount_remaining > 0) {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (cardDeclines(store, cardOf(store.customers.find(String(invoice.customer)), subscription))) {
      recordEvent(store, 'invoice.payment_failed', invoice);
      if (subscription) moveSubscription(store, subscription, 'active', 'past_due');
      return false;
    }
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.auto_advance = false;
  invoice.status_transitions.paid_at = store.clock.seconds();
  recordEvent(store, 'invoice.paid', invoice);
  recordEvent(store, 'invoice.payment_succeeded', invoice);
  if (subscription && !store.invoices.all().some((other) => other.status === 'open' && subscriptionOf(store, other) === subscription)) {
    moveSubscription(store, subscription, 'past_due', 'active');
  }
  return true;
}

function subscriptionOf(store: Store, invoice: Invoice): Subscription | undefined {
  const id = invoice.parent?.subscription_details?.subscription;
  return id ? store.subscriptions.get(String(id)) : undefined;
}

function moveSubscription(store: Store, subscription: Subscription, from: Subscription['status'], to: Subscription['status']): void {
  if (subscription.status !== from) return;
  const before = snapshot(subscription);
  subscription.status = to;
  recordUpdate(store, 'customer.subscription.updated', before, subscription);
}

/** Collects every open invoice of the customer, oldest first; answers the invoices, paid or not. */
export function payOpenInvoices(store: Store, customerId: string): Invoice[] {
  store.customers.find(customerId, 'customer');
  const open = store.invoices.all().filter((invoice) => invoice.customer === customerId && invoice.status === 'open');
  for (const invoice of open) chargeInvoice(store, invoice);
  return open;
}
