import { createCustomer, taxIdsOf, updateCustomer, type Address, type CustomerChanges } from './customers';
import { pageOf } from './list';
import * as param from './params';
import { route, type ApiRoute } from './router';
import type { Store } from './store';
import { listOf, type Customer } from './wire';

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'postal_code', 'state', 'country'] as const;

function addressParam(params: param.Params): Address | null | undefined {
  if (params.address === '') return null;
  const address = param.optionalObject(params, 'address');
  if (!address) return undefined;
  param.rejectUnknownParams(address, ADDRESS_FIELDS);
  const field = (key: (typeof ADDRESS_FIELDS)[number]) => param.optionalString(address, key, `address[${key}]`) || null;
  return {
    line1: field('line1'),
    line2: field('line2'),
    city: field('city'),
    postal_code: field('postal_code'),
    state: field('state'),
    country: field('country'),
  };
}

/** `tax_ids` is one of the fields Stripe leaves out unless `expand[]=tax_ids` asks for it. */
function withIncludables(store: Store, customer: Customer, params: param.Params): object {
  if (!param.expandList(params).includes('tax_ids')) return customer;
  return { ...customer, tax_ids: listOf(taxIdsOf(store, customer.id), `/v1/customers/${customer.id}/tax_ids`) };
}

/** Customers and their saved cards: `/v1/customers`, `/v1/payment_methods`. */
export const customerRoutes: ApiRoute[] = [
  route('POST', '/v1/customers', ({ store, params }) => {
    param.rejectUnknownParams(params, ['email', 'name', 'phone', 'description', 'metadata', 'address', 'tax_id_data']);
    const taxIds = (param.optionalObjectArray(params, 'tax_id_data') ?? []).map((entry, index) => ({
      type: param.requiredString(entry, 'type', `tax_id_data[${index}][type]`),
      value: param.requiredString(entry, 'value', `tax_id_data[${index}][value]`),
    }));
    const customer = createCustomer(store, {
      email: param.optionalString(params, 'email') || null,
      name: param.optionalString(params, 'name') || null,
      phone: param.optionalString(params, 'phone') || null,
      description: param.optionalString(params, 'description') || null,
      address: addressParam(params) ?? null,
      metadata: param.mergedMetadata({}, params),
      taxIds,
    });
    return withIncludables(store, customer, params);
  }),
  route('GET', '/v1/customers/:id', ({ store, params, path }) => withIncludables(store, store.customers.find(path.id!), params)),
  route('POST', '/v1/customers/:id', ({ store, params, path }) => {
    param.rejectUnknownParams(params, ['email', 'name', 'phone', 'description', 'metadata', 'address', 'invoice_settings']);
    const customer = store.customers.find(path.id!);
    const changes: CustomerChanges = { metadata: param.mergedMetadata(customer.metadata, params) };
    for (const key of ['email', 'name', 'phone', 'description'] as const) {
      const value = param.optionalString(params, key);
      if (value !== undefined) changes[key] = value || null;
    }
    const address = addressParam(params);
    if (address !== undefined) changes.address = address;
    const invoiceSettings = param.optionalObject(params, 'invoice_settings');
    const defaultPaymentMethod =
      invoiceSettings && param.optionalString(invoiceSettings, 'default_payment_method', 'invoice_settings[default_payment_method]');
    if (defaultPaymentMethod) changes.defaultPaymentMethod = defaultPaymentMethod;
    return withIncludables(store, updateCustomer(store, customer, changes), params);
  }),
  route('GET', '/v1/customers', ({ store, params }) => {
    const email = param.optionalString(params, 'email');
    const customers = store.customers.all().filter((customer) => email === undefined || customer.email === email);
    return pageOf(customers, params, '/v1/customers');
  }),
  route('GET', '/v1/customers/:id/payment_methods', ({ store, params, path }) => {
    store.customers.find(path.id!);
    const cards = store.paymentMethods.all().filter((card) => card.customer === path.id);
    return pageOf(cards, params, `/v1/customers/${path.id}/payment_methods`);
  }),
  route('GET', '/v1/payment_methods/:id', ({ store, path }) => store.paymentMethods.find(path.id!)),
];
