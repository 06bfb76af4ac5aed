import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type {
  AmountDue,
  BillingProvider,
  CheckoutOrder,
  CreditToIssue,
  InvoicePage,
  InvoiceSummary,
  PaymentCard,
  PlanToPrice,
  ProviderCoupon,
  ProviderCreditNote,
  ProviderCustomer,
  ProviderEvent,
  ProviderInvoice,
  ProviderOffers,
  ProviderSubscription,
  UsageChargeItem,
  NumberChargeItem,
} from './billing-provider';
import { InvalidWebhook, PaymentDeclined, RefusedCredit, RefusedTaxId } from './billing-provider';
import { stripeTaxIdOf } from './stripe-tax-ids';
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES, type TInvoiceStatus, type TSubscriptionStatus } from '@faxline/shared';

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl: string };

/** Stripe does everything Faxline asks of a provider. */
export const STRIPE_OFFERS: ProviderOffers = {
  planChanges: true,
  prorates: true,
  paymentPortal: true,
  invoices: true,
  credits: true,
  coupons: true,
  usageCharges: true,
  endsCancelledAtPeriodEnd: true,
};

/** The events Faxline applies; every other type is stored and acknowledged, and changes nothing. */
const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  // A downgrade scheduled or dropped changes the schedule, not the subscription (decision 083).
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
]);

/** Stripe through its official package; `apiUrl` points it at the Stripe simulator in tests and test mode. */
export function stripeProvider(settings: StripeSettings): BillingProvider {
  const api = new URL(settings.apiUrl);
  const stripe = new Stripe(settings.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  return {
    name: 'stripe',
    testMode: !settings.secretKey.includes('_live_'),
    offers: STRIPE_OFFERS,

    async startCheckout(order: CheckoutOrder) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: order.priceId, quantity: 1 }],
        ...(order.customerId ? { customer: order.customerId } : { customer_email: order.email }),
        client_reference_id: order.accountId,
        subscription_data: { metadata: { account_id: order.accountId } },
        metadata: { account_id: order.accountId },
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
        ...(order.couponId ? { discounts: [{ coupon: order.couponId }] } : {}),
      });
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { url: session.url };
    },

    async verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<ProviderEvent> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new InvalidWebhook('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new InvalidWebhook((error as Error).message);
      }
      return {
        id: event.id,
        type: event.type,
        subscriptionId: SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionIdOf(event) : null,
        redeemedCouponId:
          event.type === 'checkout.session.completed' ? couponOfSession(event.data.object as Stripe.Checkout.Session) : null,
      };
    },

    async subscription(subscriptionId: string): Promise<ProviderSubscription> {
      return subscriptionOf(await stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule', 'latest_invoice'] }));
    },

    async previewPlanChange(subscriptionId, priceId, at) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const preview = await stripe.invoices.createPreview({
        customer: customerIdOf(subscription),
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: onlyItem(subscription).id, price: priceId }],
          proration_behavior: 'always_invoice',
          ...(at ? { proration_date: unixSeconds(at) } : {}),
        },
      });
      const prorationDate = preview.parent?.subscription_details?.subscription_proration_date ?? (at ? unixSeconds(at) : null);
      if (prorationDate === null) throw new Error(`Stripe's preview of a change of ${subscriptionId} names no proration date`);
      return {
        amountDueCents: preview.amount_due,
        currency: preview.currency.toUpperCase(),
        lines: preview.lines.data.map((line) => ({ description: line.description ?? '', amountCents: line.amount })),
        prorationDate: new Date(prorationDate * 1000),
      };
    },

    async changePlanNow(subscriptionId, priceId, at) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      // A schedule would put its own price back at the period's end: the change at once replaces it.
      if (subscription.schedule) await stripe.subscriptionSchedules.release(idOf(subscription.schedule));
      try {
        await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: onlyItem(subscription).id, price: priceId }],
          proration_behavior: 'always_invoice',
          proration_date: unixSeconds(at),
          // A card that declines refuses the change: nothing is changed rather than a plan given unpaid.
          payment_behavior: 'error_if_incomplete',
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclined(error.message);
        throw error;
      }
    },

    async schedulePlanChange(subscriptionId, priceId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = onlyItem(subscription);
      const schedule = subscription.schedule
        ? await stripe.subscriptionSchedules.retrieve(idOf(subscription.schedule))
        : await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
      const next = await stripe.prices.retrieve(priceId);
      await stripe.subscriptionSchedules.update(schedule.id, {
        phases: [
          {
            items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
            start_date: schedule.current_phase?.start_date ?? item.current_period_start,
            end_date: item.current_period_end,
          },
          {
            items: [{ price: priceId, quantity: 1 }],
            duration: { interval: next.recurring?.interval ?? 'month', interval_count: next.recurring?.interval_count ?? 1 },
          },
        ],
        end_behavior: 'release',
      });
    },

    async dropScheduledChange(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      if (subscription.schedule) await stripe.subscriptionSchedules.release(idOf(subscription.schedule));
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      // Cancelling drops a downgrade scheduled for the same date: nothing is to happen then but the end.
      if (cancel && subscription.schedule) await stripe.subscriptionSchedules.release(idOf(subscription.schedule));
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async cancelNow(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      // A downgrade scheduled for the period's end would otherwise hold the subscription in its schedule.
      if (subscription.schedule) await stripe.subscriptionSchedules.release(idOf(subscription.schedule));
      // No final invoice and no credit for the unused days: what was paid covers the period already begun.
      await stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false });
    },

    async paymentPortal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    async paymentCard(subscriptionId): Promise<PaymentCard | null> {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      let cardId = subscription.default_payment_method ? idOf(subscription.default_payment_method) : null;
      if (!cardId) {
        const customer = await stripe.customers.retrieve(customerIdOf(subscription));
        const fallback = customer.deleted ? null : customer.invoice_settings.default_payment_method;
        cardId = fallback ? idOf(fallback) : null;
      }
      if (!cardId) return null;
      const { card } = await stripe.paymentMethods.retrieve(cardId);
      return card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
    },

    async saveCustomer(customer: ProviderCustomer): Promise<string> {
      try {
        return await saveStripeCustomer(stripe, customer);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === 'tax_id_invalid') throw new RefusedTaxId(error.message);
        throw error;
      }
    },

    async invoices(customerId, page): Promise<InvoicePage> {
      const list = await stripe.invoices.list({
        customer: customerId,
        limit: page.limit,
        ...(page.after ? { starting_after: page.after } : {}),
      });
      return {
        invoices: list.data.filter((invoice) => invoice.status !== 'draft').map(invoiceSummaryOf),
        nextAfter: list.has_more ? (list.data.at(-1)?.id ?? null) : null,
      };
    },

    async invoice(invoiceId: string): Promise<ProviderInvoice | null> {
      let invoice: Stripe.Invoice;
      try {
        invoice = await stripe.invoices.retrieve(invoiceId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      if (invoice.status === 'draft') return null;
      // An invoice carries its first lines only; the others are a list of their own.
      const lines = invoice.lines.has_more
        ? await stripe.invoices.listLineItems(invoice.id, { limit: 100 }).autoPagingToArray({ limit: 10_000 })
        : invoice.lines.data;
      return invoiceOf(invoice, lines);
    },

    async addUsageCharge(charge: UsageChargeItem) {
      const at = Math.floor(charge.at.getTime() / 1000);
      const item = await stripe.invoiceItems.create(
        {
          customer: charge.customerId,
          subscription: charge.subscriptionId,
          currency: charge.currency.toLowerCase(),
          quantity: charge.pages,
          unit_amount_decimal: Stripe.Decimal.from(charge.unitCents),
          description: charge.description,
          period: { start: at, end: at },
          metadata: { ledger_line: String(charge.ledgerLineId) },
        },
        // The ledger line's key: a job that runs again after Stripe made the item gets the same item back.
        { idempotencyKey: `usage-ledger-${charge.ledgerLineId}` },
      );
      return { itemId: item.id };
    },

    async addNumberCharge(charge: NumberChargeItem) {
      const item = await stripe.invoiceItems.create(
        {
          customer: charge.customerId,
          subscription: charge.subscriptionId,
          currency: charge.currency.toLowerCase(),
          quantity: 1,
          unit_amount_decimal: Stripe.Decimal.from(charge.cents),
          description: charge.description,
          period: { start: Math.floor(charge.periodStart.getTime() / 1000), end: Math.floor(charge.periodEnd.getTime() / 1000) },
          metadata: { number_charge: String(charge.chargeId) },
        },
        // The month's key: a job that runs again after Stripe made the item gets the same item back.
        { idempotencyKey: `number-charge-${charge.chargeId}` },
      );
      return { itemId: item.id };
    },

    async creditInvoice(invoiceId: string, credit: CreditToIssue): Promise<ProviderCreditNote> {
      try {
        const note = await stripe.creditNotes.create({
          invoice: invoiceId,
          amount: credit.amountCents,
          ...(credit.kind === 'refund' ? { refund_amount: credit.amountCents } : { credit_amount: credit.amountCents }),
          memo: credit.memo,
          metadata: { operator_id: credit.operatorId },
        });
        return creditNoteOf(note);
      } catch (error) {
        // Stripe names the amount when it is more than the invoice has left to credit, or the parts do not add up.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'amount') throw new RefusedCredit(error.message);
        throw error;
      }
    },

    async creditNotes(invoiceId: string): Promise<ProviderCreditNote[]> {
      const notes = await stripe.creditNotes.list({ invoice: invoiceId, limit: 100 }).autoPagingToArray({ limit: 1_000 });
      return notes.map(creditNoteOf);
    },

    async createCoupon(coupon: ProviderCoupon) {
      const created = await stripe.coupons.create({
        name: coupon.name,
        ...('percentOff' in coupon.discount
          ? { percent_off: coupon.discount.percentOff }
          : { amount_off: coupon.discount.amountOffCents, currency: coupon.discount.currency.toLowerCase() }),
        // Once: the first invoice (a month, or a year) is discounted, the renewals are at the plan's price.
        duration: 'once',
        redeem_by: Math.floor(coupon.redeemBy.getTime() / 1000),
        ...(coupon.maxRedemptions !== null ? { max_redemptions: coupon.maxRedemptions } : {}),
        metadata: { promotion_id: coupon.promotionId },
      });
      return { couponId: created.id };
    },

    async endCoupon(couponId: string) {
      await stripe.coupons.del(couponId);
    },

    async createPlanPrices(plan: PlanToPrice) {
      const product = await stripe.products.create({ name: plan.name, metadata: { plan_id: plan.id } });
      const price = (interval: 'month' | 'year', cents: number) =>
        stripe.prices.create({ product: product.id, currency: plan.currency.toLowerCase(), unit_amount: cents, recurring: { interval } });
      const monthly = await price('month', plan.monthlyPriceCents);
      const yearly = await price('year', plan.yearlyMonthlyPriceCents * 12);
      return { monthly: monthly.id, yearly: yearly.id };
    },
  };
}

/** Makes the customer with the account's details, or updates its name and address and replaces its tax id. */
async function saveStripeCustomer(stripe: Stripe, customer: ProviderCustomer): Promise<string> {
  const { details } = customer;
  const address = {
    line1: details.line1,
    line2: details.line2,
    city: details.city,
    postal_code: details.postalCode,
    state: details.region,
    country: details.country,
  };
  const taxId = stripeTaxIdOf(details.country, details.taxId);
  if (!customer.customerId) {
    const created = await stripe.customers.create({
      email: customer.email,
      name: details.name,
      address,
      metadata: { account_id: customer.accountId },
      ...(taxId ? { tax_id_data: [taxId as Stripe.CustomerCreateParams.TaxIdDatum] } : {}),
    });
    return created.id;
  }
  const customerId = customer.customerId;
  await stripe.customers.update(customerId, { name: details.name, address });
  const existing = await stripe.customers.listTaxIds(customerId, { limit: 100 }).autoPagingToArray({ limit: 1000 });
  const kept = existing.find((known) => taxId && known.type === taxId.type && known.value === taxId.value);
  // Added before the old ones go, so that a refused new one leaves the customer as it was.
  if (taxId && !kept) await stripe.customers.createTaxId(customerId, taxId as Stripe.CustomerCreateTaxIdParams);
  for (const old of existing) if (old !== kept) await stripe.customers.deleteTaxId(customerId, old.id);
  return customerId;
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
const dateOf = (seconds: number) => new Date(seconds * 1000);

/** Stripe's status among Faxline's; a draft (never shown) or a status Stripe adds later reads as still open. */
const invoiceStatusOf = (status: Stripe.Invoice['status']): TInvoiceStatus =>
  (INVOICE_STATUSES as readonly string[]).includes(status ?? '') ? (status as TInvoiceStatus) : 'open';

function invoiceSummaryOf(invoice: Stripe.Invoice): InvoiceSummary {
  const periods = invoice.lines.data.map((line) => line.period);
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer as string | { id: string }),
    number: invoice.number,
    status: invoiceStatusOf(invoice.status),
    issuedAt: dateOf(invoice.status_transitions.finalized_at ?? invoice.created),
    // A subscription invoice's own period looks back; its lines say what it pays for.
    periodStart: dateOf(periods.length ? Math.min(...periods.map((period) => period.start)) : invoice.period_start),
    periodEnd: dateOf(periods.length ? Math.max(...periods.map((period) => period.end)) : invoice.period_end),
    currency: invoice.currency.toUpperCase(),
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_remaining,
    credited: invoice.post_payment_credit_notes_amount,
  };
}

function creditNoteOf(note: Stripe.CreditNote): ProviderCreditNote {
  const refunded = note.refunds.reduce((total, refund) => total + refund.amount_refunded, 0);
  return {
    id: note.id,
    number: note.number,
    invoiceId: idOf(note.invoice as string | { id: string }),
    createdAt: dateOf(note.created),
    amount: note.amount,
    refundAmount: refunded,
    creditAmount: note.amount - refunded - (note.out_of_band_amount ?? 0),
    memo: note.memo,
  };
}

function invoiceOf(invoice: Stripe.Invoice, lines: Stripe.InvoiceLineItem[]): ProviderInvoice {
  const address = invoice.customer_address;
  const sum = (amounts: { amount: number }[] | null | undefined) => (amounts ?? []).reduce((total, entry) => total + entry.amount, 0);
  return {
    ...invoiceSummaryOf({ ...invoice, lines: { ...invoice.lines, data: lines } }),
    buyer: {
      name: invoice.customer_name,
      address: address
        ? [address.line1, address.line2, [address.postal_code, address.city].filter(Boolean).join(' '), address.state].filter(
            (part): part is string => Boolean(part),
          )
        : [],
      country: address?.country ?? null,
      taxIds: (invoice.customer_tax_ids ?? []).flatMap((taxId) => (taxId.value ? [taxId.value] : [])),
    },
    lines: lines.map((line) => ({
      description: line.description ?? '',
      periodStart: dateOf(line.period.start),
      periodEnd: dateOf(line.period.end),
      quantity: line.quantity ?? 1,
      amount: line.amount,
      proration: Boolean(line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration),
    })),
    subtotal: invoice.subtotal,
    discount: sum(invoice.total_discount_amounts),
    tax: sum(invoice.total_taxes),
  };
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const customerIdOf = (subscription: Stripe.Subscription) => idOf(subscription.customer);

function onlyItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  return item;
}

/** The price a subscription's schedule moves it to when its current period ends; null without one. */
function scheduledChangeOf(subscription: Stripe.Subscription, item: Stripe.SubscriptionItem): ProviderSubscription['scheduledChange'] {
  const schedule = subscription.schedule;
  if (!schedule || typeof schedule === 'string' || schedule.status !== 'active') return null;
  const next = schedule.phases.find((phase) => phase.start_date >= item.current_period_end);
  const price = next?.items[0]?.price;
  if (!next || !price) return null;
  const priceId = idOf(price);
  return priceId === item.price.id ? null : { priceId, startsAt: new Date(next.start_date * 1000) };
}

/** The coupon a completed checkout applied, if any. */
function couponOfSession(session: Stripe.Checkout.Session): string | null {
  const coupon = session.discounts?.[0]?.coupon;
  return typeof coupon === 'string' ? coupon : (coupon?.id ?? null);
}

/** The subscription an event is about, wherever this event type keeps it. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const idOf = (value: unknown) => (typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null));
  switch (object.object) {
    case 'subscription':
      return object.id as string;
    case 'checkout.session':
      return idOf(object.subscription);
    case 'subscription_schedule':
      return idOf(object.subscription) ?? idOf(object.released_subscription);
    case 'invoice':
      return idOf((object as unknown as Stripe.Invoice).parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const item = onlyItem(subscription);
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)
    ? (subscription.status as TSubscriptionStatus)
    : // trialing counts as active; incomplete_expired as ended.
      subscription.status === 'trialing'
      ? 'active'
      : 'canceled';
  return {
    subscriptionId: subscription.id,
    customerId: customerIdOf(subscription),
    accountId: subscription.metadata?.account_id ?? null,
    priceId: item.price.id,
    status,
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduledChange: scheduledChangeOf(subscription, item),
    amountDue: amountDueOf(subscription.latest_invoice),
  };
}

/** What the subscription's latest invoice still asks for, when it is open (read expanded, as the subscription is). */
function amountDueOf(invoice: Stripe.Subscription['latest_invoice']): AmountDue | null {
  if (!invoice || typeof invoice === 'string' || invoice.status !== 'open') return null;
  return { cents: invoice.amount_remaining, currency: invoice.currency };
}
