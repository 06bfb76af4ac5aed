import { invalidParam, StripeApiError } from './errors';
import { addInvoiceItem } from './invoice-lines';
import { pageOf } from './list';
import * as param from './params';
import { route, type ApiRoute } from './router';

/** `period[start]` and `period[end]`, both required when a period is given; Stripe's default is the moment of creation. */
function periodOf(params: param.Params, now: number): { start: number; end: number } {
  const period = param.optionalObject(params, 'period');
  if (!period) return { start: now, end: now };
  const start = param.optionalInteger(period, 'start', 'period[start]');
  const end = param.optionalInteger(period, 'end', 'period[end]');
  if (start === undefined || end === undefined)
    throw invalidParam(start === undefined ? 'period[start]' : 'period[end]', 'Missing period bound.');
  if (end < start) throw invalidParam('period[end]', 'The period end must be on or after its start.');
  return { start, end };
}

/**
 * The amount of a new item: `amount` as given, or `unit_amount_decimal` × `quantity`; one of them is required, as on
 * Stripe (prices and `price_data` are not simulated).
 */
function amountOf(params: param.Params): { amount: number; quantity: number; unitAmountDecimal: string } {
  const quantity = param.optionalInteger(params, 'quantity') ?? 1;
  if (quantity < 1) throw invalidParam('quantity', 'Invalid integer: quantity must be at least 1.');
  const amount = param.optionalInteger(params, 'amount');
  const unit = param.optionalString(params, 'unit_amount_decimal');
  if (amount !== undefined && unit !== undefined)
    throw new StripeApiError('You may only specify one of these parameters: amount, unit_amount_decimal.', { status: 400 });
  if (amount !== undefined) return { amount, quantity: 1, unitAmountDecimal: String(amount) };
  if (unit === undefined || !/^\d+(\.\d{1,12})?$/.test(unit))
    throw new StripeApiError('You must specify either `amount`, `unit_amount_decimal` or `price_data`.', { status: 400, param: 'amount' });
  return { amount: Math.round(Number(unit) * quantity), quantity, unitAmountDecimal: unit };
}

/**
 * `/v1/invoiceitems`: a one-off charge (or credit) kept for the customer's next invoice, which takes every pending item
 * of the customer (or of the subscription it names) when it is made. Create, retrieve and list by customer.
 */
export const invoiceItemRoutes: ApiRoute[] = [
  route('POST', '/v1/invoiceitems', ({ store, params }) => {
    param.rejectUnknownParams(params, [
      'customer',
      'amount',
      'currency',
      'quantity',
      'unit_amount_decimal',
      'description',
      'metadata',
      'period',
      'subscription',
      'discountable',
    ]);
    const customer = store.customers.find(param.requiredString(params, 'customer'), 'customer');
    const subscriptionId = param.optionalString(params, 'subscription');
    if (subscriptionId) {
      const subscription = store.subscriptions.find(subscriptionId, 'subscription');
      if (subscription.customer !== customer.id)
        throw invalidParam('subscription', `The subscription ${subscriptionId} does not belong to customer ${customer.id}.`);
    }
    const currency = (param.optionalString(params, 'currency') ?? customer.currency ?? '').toLowerCase();
    if (!currency) throw missingCurrency();
    return addInvoiceItem(store, {
      customer: customer.id,
      currency,
      ...amountOf(params),
      description: param.optionalString(params, 'description') ?? null,
      metadata: param.mergedMetadata({}, params),
      ...(subscriptionId ? { subscription: subscriptionId } : {}),
      period: periodOf(params, store.clock.seconds()),
      discountable: param.optionalBoolean(params, 'discountable') ?? true,
    });
  }),
  route('GET', '/v1/invoiceitems', ({ store, params }) => {
    const customer = param.optionalString(params, 'customer');
    const pending = param.optionalBoolean(params, 'pending');
    const items = store.invoiceItems
      .all()
      .filter(
        (item) => (customer === undefined || item.customer === customer) && (pending === undefined || (item.invoice === null) === pending),
      );
    return pageOf(items, params, '/v1/invoiceitems');
  }),
  route('GET', '/v1/invoiceitems/:id', ({ store, path }) => store.invoiceItems.find(path.id!)),
];

function missingCurrency(): StripeApiError {
  return new StripeApiError('Missing required param: currency.', { status: 400, code: 'parameter_missing', param: 'currency' });
}
