import { noSuchObject } from './errors';
import { recordEvent, recordUpdate, snapshot } from './events';
import { newId } from './ids';
import type { Store } from './store';
import type { Customer, PaymentMethod, TaxId } from './wire';

export type Address = NonNullable<Customer['address']>;

export type CustomerInput = {
  email?: string | null;
  name?: string | null;
  phone?: string | null;
  description?: string | null;
  address?: Address | null;
  metadata: Record<string, string>;
  taxIds?: { type: string; value: string }[];
};

export function createCustomer(store: Store, input: CustomerInput): Customer {
  const customer: Customer = {
    id: newId('cus_', 14),
    object: 'customer',
    address: input.address ?? null,
    balance: 0,
    created: store.clock.seconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description ?? null,
    email: input.email ?? null,
    invoice_prefix: 'SIM',
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name ?? null,
    next_invoice_sequence: 1,
    phone: input.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  store.customers.add(customer);
  for (const taxId of input.taxIds ?? []) addTaxId(store, customer, taxId);
  recordEvent(store, 'customer.created', customer);
  return customer;
}

/** Stripe's country of a tax id: its type's, but an EU VAT number's own prefix (Greece writes EL). */
function taxIdCountry(data: { type: string; value: string }): string {
  if (data.type !== 'eu_vat') return data.type.slice(0, 2).toUpperCase();
  const prefix = data.value.slice(0, 2).toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix;
}

/** Keeps a tax id on the customer; its value's format is not checked (Stripe checks it against the type). */
export function addTaxId(store: Store, customer: Customer, data: { type: string; value: string }): TaxId {
  return store.taxIds.add({
    id: newId('txi_'),
    object: 'tax_id',
    country: taxIdCountry(data),
    created: store.clock.seconds(),
    customer: customer.id,
    customer_account: null,
    livemode: false,
    owner: { type: 'customer', customer: customer.id, customer_account: null },
    type: data.type,
    value: data.value,
    verification: { status: 'unavailable', verified_address: null, verified_name: null },
  });
}

/** Deletes one of the customer's tax ids (`customer.tax_id.deleted`); answers Stripe's deleted object. */
export function deleteTaxId(store: Store, customerId: string, taxIdId: string): { id: string; object: 'tax_id'; deleted: true } {
  const taxId = store.taxIds.get(taxIdId);
  if (!taxId || taxId.customer !== customerId) throw noSuchObject('tax_id', taxIdId);
  store.taxIds.remove(taxId.id);
  recordEvent(store, 'customer.tax_id.deleted', taxId);
  return { id: taxId.id, object: 'tax_id', deleted: true };
}

export function taxIdsOf(store: Store, customerId: string): TaxId[] {
  return store.taxIds.all().filter((taxId) => taxId.customer === customerId);
}

export type CustomerChanges = Partial<Omit<CustomerInput, 'taxIds'>> & { defaultPaymentMethod?: string };

export function updateCustomer(store: Store, customer: Customer, changes: CustomerChanges): Customer {
  const before = snapshot(customer);
  if (changes.email !== undefined) customer.email = changes.email;
  if (changes.name !== undefined) customer.name = changes.name;
  if (changes.phone !== undefined) customer.phone = changes.phone;
  if (changes.description !== undefined) customer.description = changes.description;
  if (changes.address !== undefined) customer.address = changes.address;
  if (changes.metadata !== undefined) customer.metadata = changes.metadata;
  if (changes.defaultPaymentMethod !== undefined) {
    const paymentMethod = store.paymentMethods.find(changes.defaultPaymentMethod, 'invoice_settings[default_payment_method]');
    customer.invoice_settings.default_payment_method = paymentMethod.id;
  }
  recordUpdate(store, 'customer.updated', before, customer);
  return customer;
}

/** The two test cards of the hosted pages: 4242 4242 4242 4242 pays, 4000 0000 0000 0341 attaches and then declines. */
export type TestCard = 'succeed' | 'decline';

/** Saves a test card to the customer (`payment_method.attached`); a declining one is remembered as such. */
export function attachTestCard(store: Store, customer: Customer, card: TestCard): PaymentMethod {
  const now = new Date(store.clock.seconds() * 1000);
  const paymentMethod: PaymentMethod = {
    id: newId('pm_'),
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: { address: customer.address ?? null, email: customer.email, name: customer.name ?? null, phone: null, tax_id: null },
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: 'visa',
      exp_month: 12,
      exp_year: now.getUTCFullYear() + 3,
      funding: 'credit',
      generated_from: null,
      last4: card === 'succeed' ? '4242' : '0341',
      networks: { available: ['visa'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: store.clock.seconds(),
    customer: customer.id,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  store.paymentMethods.add(paymentMethod);
  if (card === 'decline') store.decliningCards.add(paymentMethod.id);
  recordEvent(store, 'payment_method.attached', paymentMethod);
  return paymentMethod;
}

/** Makes every card the customer has saved decline from now on, or pay again. */
export function setCardDeclines(store: Store, customerId: string, declines: boolean): void {
  store.customers.find(customerId, 'customer');
  for (const paymentMethod of store.paymentMethods.all()) {
    if (paymentMethod.customer !== customerId) continue;
    if (declines) store.decliningCards.add(paymentMethod.id);
    else store.decliningCards.delete(paymentMethod.id);
  }
}
