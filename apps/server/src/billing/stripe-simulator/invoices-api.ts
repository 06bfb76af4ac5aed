import { cardDeclined, invalidParam, missingParam, StripeApiError } from './errors';
import { addInvoiceItem } from './invoice-lines';
import { chargeInvoice } from './invoicing';
import { pageOf } from './list';
import * as param from './params';
import { PRORATION_BEHAVIORS } from './plan-change';
import { previewInvoice } from './preview';
import { route, type ApiRoute } from './router';
import type { Store } from './store';

function preview(store: Store, params: param.Params): object {
  param.rejectUnknownParams(params, ['customer', 'subscription', 'subscription_details']);
  const details = param.optionalObject(params, 'subscription_details') ?? {};
  param.rejectUnknownParams(details, ['items', 'proration_behavior', 'proration_date']);
  const items = param.optionalObjectArray(details, 'items', 'subscription_details[items]') ?? [];
  if (items.length > 1) throw invalidParam('subscription_details[items]', 'The Stripe simulator keeps one item per subscription.');
  const item = items[0];
  return previewInvoice(store, {
    customer: param.optionalString(params, 'customer'),
    subscription: param.optionalString(params, 'subscription'),
    item: item && {
      id: param.optionalString(item, 'id', 'subscription_details[items][0][id]'),
      price: param.optionalString(item, 'price', 'subscription_details[items][0][price]'),
      quantity: param.optionalInteger(item, 'quantity', 'subscription_details[items][0][quantity]'),
    },
    prorationBehavior: param.oneOf(
      param.optionalString(details, 'proration_behavior'),
      PRORATION_BEHAVIORS,
      'subscription_details[proration_behavior]',
    ),
    prorationDate: param.optionalInteger(details, 'proration_date', 'subscription_details[proration_date]'),
  });
}

function pay(store: Store, id: string): object {
  const invoice = store.invoices.find(id);
  if (invoice.status === 'paid') throw new StripeApiError('Invoice is already paid', { status: 400 });
  if (invoice.status !== 'open')
    throw new StripeApiError(`You can only pay an open invoice; this one is ${invoice.status}.`, { status: 400 });
  if (!chargeInvoice(store, invoice)) throw cardDeclined();
  return invoice;
}

/** An item's amount: `amount`, or a unit amount (`unit_amount_decimal`, a price, `price_data`) times `quantity`. */
function createInvoiceItem(store: Store, params: param.Params): object {
  param.rejectUnknownParams(params, [
    'customer',
    'amount',
    'currency',
    'description',
    'metadata',
    'quantity',
    'unit_amount_decimal',
    'pricing',
    'price_data',
    'subscription',
    'period',
    'discountable',
  ]);
  const customer = store.customers.find(param.requiredString(params, 'customer'), 'customer');
  const quantity = param.optionalInteger(params, 'quantity') ?? 1;
  const pricing = param.optionalObject(params, 'pricing');
  const priceId = pricing && param.optionalString(pricing, 'price', 'pricing[price]');
  const price = priceId ? store.prices.find(priceId, 'pricing[price]') : undefined;
  const priceData = param.optionalObject(params, 'price_data');
  const unitAmount =
    price?.unit_amount ??
    (priceData && param.optionalInteger(priceData, 'unit_amount', 'price_data[unit_amount]')) ??
    param.optionalDecimal(params, 'unit_amount_decimal');
  const amount = param.optionalInteger(params, 'amount');
  if (amount !== undefined && unitAmount !== undefined)
    throw invalidParam('amount', 'You may only specify one of amount and a unit amount.');
  if (amount === undefined && unitAmount === undefined) throw missingParam('amount');
  const currency =
    price?.currency ??
    (priceData && param.optionalString(priceData, 'currency', 'price_data[currency]')) ??
    param.optionalString(params, 'currency') ??
    customer.currency;
  if (!currency) throw missingParam('currency');
  const subscription = param.optionalString(params, 'subscription');
  if (subscription) store.subscriptions.find(subscription, 'subscription');
  const period = param.optionalObject(params, 'period');
  const now = store.clock.seconds();
  return addInvoiceItem(store, {
    customer: customer.id,
    currency: currency.toLowerCase(),
    amount: amount ?? Math.round(unitAmount! * quantity),
    quantity,
    unitAmountDecimal: String(amount !== undefined ? amount / quantity : unitAmount),
    description: param.optionalString(params, 'description') ?? null,
    metadata: param.mergedMetadata({}, params),
    price,
    subscription,
    period: {
      start: (period && param.optionalInteger(period, 'start', 'period[start]')) ?? now,
      end: (period && param.optionalInteger(period, 'end', 'period[end]')) ?? now,
    },
    discountable: param.optionalBoolean(params, 'discountable'),
  });
}

/** Invoices and invoice items: `/v1/invoices`, `/v1/invoiceitems`. Invoices are made by subscriptions. */
export const invoiceRoutes: ApiRoute[] = [
  route('POST', '/v1/invoices/create_preview', ({ store, params }) => preview(store, params)),
  route('GET', '/v1/invoices/:id', ({ store, path }) => store.invoices.find(path.id!)),
  route('GET', '/v1/invoices/:id/lines', ({ store, params, path }) =>
    pageOf([...store.invoices.find(path.id!).lines.data].reverse(), params, `/v1/invoices/${path.id}/lines`),
  ),
  route('POST', '/v1/invoices/:id/pay', ({ store, path }) => pay(store, path.id!)),
  route('GET', '/v1/invoices', ({ store, params }) => {
    const customer = param.optionalString(params, 'customer');
    const subscription = param.optionalString(params, 'subscription');
    const status = param.optionalString(params, 'status');
    const invoices = store.invoices
      .all()
      .filter((invoice) => customer === undefined || invoice.customer === customer)
      .filter((invoice) => subscription === undefined || invoice.parent?.subscription_details?.subscription === subscription)
      .filter((invoice) => status === undefined || invoice.status === status);
    return pageOf(invoices, params, '/v1/invoices');
  }),
  route('POST', '/v1/invoiceitems', ({ store, params }) => createInvoiceItem(store, params)),
  route('GET', '/v1/invoiceitems/:id', ({ store, path }) => store.invoiceItems.find(path.id!)),
  route('GET', '/v1/invoiceitems', ({ store, params }) => {
    const customer = param.optionalString(params, 'customer');
    const pending = param.optionalBoolean(params, 'pending');
    const items = store.invoiceItems
      .all()
      .filter((item) => customer === undefined || item.customer === customer)
      .filter((item) => pending === undefined || (item.invoice === null) === pending);
    return pageOf(items, params, '/v1/invoiceitems');
  }),
];
