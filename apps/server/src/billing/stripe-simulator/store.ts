import type { SimulatorClock } from './clock';
import { noSuchObject } from './errors';
import type {
  CheckoutSession,
  Coupon,
  CreditNote,
  Customer,
  Discount,
  Identified,
  Invoice,
  InvoiceItem,
  PaymentMethod,
  PortalSession,
  Price,
  Product,
  StripeEvent,
  Subscription,
  SubscriptionSchedule,
  TaxId,
} from './wire';

/** The objects of one kind, in the order they were made (lists answer newest first). */
export class Table<T extends Identified> {
  private readonly rows = new Map<string, T>();

  /** `kind` is Stripe's word for the object in "No such …" errors. */
  constructor(readonly kind: string) {}

  add(row: T): T {
    this.rows.set(row.id, row);
    return row;
  }

  get(id: string): T | undefined {
    return this.rows.get(id);
  }

  /** The object, or Stripe's 404 naming `param` (the parameter that carried the id). */
  find(id: string, param = 'id'): T {
    const row = this.rows.get(id);
    if (!row) throw noSuchObject(this.kind, id, param);
    return row;
  }

  all(): T[] {
    return [...this.rows.values()];
  }

  /** Gone from the API (a deleted tax id or coupon): later reads answer Stripe's 404. */
  remove(id: string): void {
    this.rows.delete(id);
  }
}

/** What a checkout session sells: kept beside the session, whose object does not show it. */
export type CheckoutTerms = { lineItemId: string; price: Price; quantity: number; subscriptionMetadata: Record<string, string> };

/** Who asked for the change that an event records: the `request` field of Stripe's events. */
export type RequestOrigin = { id: string | null; idempotency_key: string | null };

export type Store = {
  clock: SimulatorClock;
  /** Where the hosted pages live, for the `url` fields of sessions and invoices. */
  publicUrl: string;
  products: Table<Product>;
  prices: Table<Price>;
  coupons: Table<Coupon>;
  /** Deleted coupons, which the discounts they gave still name (Stripe keeps those discounts). */
  deletedCoupons: Map<string, Coupon>;
  discounts: Table<Discount>;
  customers: Table<Customer>;
  taxIds: Table<TaxId>;
  paymentMethods: Table<PaymentMethod>;
  checkoutSessions: Table<CheckoutSession>;
  checkoutTerms: Map<string, CheckoutTerms>;
  portalSessions: Table<PortalSession>;
  subscriptions: Table<Subscription>;
  subscriptionSchedules: Table<SubscriptionSchedule>;
  invoices: Table<Invoice>;
  invoiceItems: Table<InvoiceItem>;
  creditNotes: Table<CreditNote>;
  events: Table<StripeEvent>;
  /** Payment methods whose charges fail, as test card 4000 0000 0000 0341's do. */
  decliningCards: Set<string>;
  /** Coupons of duration `once` already spent on an invoice, by discount id. */
  spentDiscounts: Set<string>;
  invoiceCount: number;
  origin: RequestOrigin;
  /** Called with every new event, in order (the webhook sender's queue). */
  onEvent: (event: StripeEvent) => void;
};

export function createStore(clock: SimulatorClock, publicUrl: string): Store {
  return {
    clock,
    publicUrl,
    products: new Table('product'),
    prices: new Table('price'),
    coupons: new Table('coupon'),
    deletedCoupons: new Map(),
    discounts: new Table('discount'),
    customers: new Table('customer'),
    taxIds: new Table('tax_id'),
    paymentMethods: new Table('PaymentMethod'),
    checkoutSessions: new Table('checkout.session'),
    checkoutTerms: new Map(),
    portalSessions: new Table('billing_portal.session'),
    subscriptions: new Table('subscription'),
    subscriptionSchedules: new Table('subscription_schedule'),
    invoices: new Table('invoice'),
    invoiceItems: new Table('invoiceitem'),
    creditNotes: new Table('credit_note'),
    events: new Table('event'),
    decliningCards: new Set(),
    spentDiscounts: new Set(),
    invoiceCount: 0,
    origin: { id: null, idempotency_key: null },
    onEvent: () => {},
  };
}

const TABLE_BY_PREFIX: [string, keyof Store][] = [
  ['prod_', 'products'],
  ['price_', 'prices'],
  ['di_', 'discounts'],
  ['cus_', 'customers'],
  ['txi_', 'taxIds'],
  ['pm_', 'paymentMethods'],
  ['cs_', 'checkoutSessions'],
  ['bps_', 'portalSessions'],
  // Before `sub_`, which it begins with.
  ['sub_sched_', 'subscriptionSchedules'],
  ['sub_', 'subscriptions'],
  ['in_', 'invoices'],
  ['ii_', 'invoiceItems'],
  ['cn_', 'creditNotes'],
  ['evt_', 'events'],
];

/** Any object by its id, found by the id's prefix: what `expand[]` replaces an id with. */
export function objectById(store: Store, id: string): Identified | undefined {
  const entry = TABLE_BY_PREFIX.find(([prefix]) => id.startsWith(prefix));
  if (!entry) return undefined;
  return (store[entry[1]] as Table<Identified>).get(id);
}
