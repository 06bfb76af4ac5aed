import type Stripe from 'stripe';

/** The API version whose object shapes the simulator answers with, whatever version a client asks for. */
export const SIMULATED_API_VERSION = '2026-10-28.endive';

/**
 * An object as it travels as JSON. The package's types describe objects after the client has read them, where a
 * decimal string has become a `Decimal`; on the wire it is still a string.
 */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends (infer E)[]
      ? Wire<E>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export type WireList<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };

export type Product = Wire<Stripe.Product>;
export type Price = Wire<Stripe.Price>;
export type Plan = Wire<Stripe.Plan>;
export type Coupon = Wire<Stripe.Coupon>;
export type Discount = Wire<Stripe.Discount>;
export type Customer = Wire<Stripe.Customer>;
export type TaxId = Wire<Stripe.TaxId>;
export type PaymentMethod = Wire<Stripe.PaymentMethod>;
export type CheckoutSession = Wire<Stripe.Checkout.Session>;
export type CheckoutLineItem = Wire<Stripe.LineItem>;
export type PortalSession = Wire<Stripe.BillingPortal.Session>;
export type Subscription = Wire<Stripe.Subscription>;
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>;
export type SubscriptionSchedule = Wire<Stripe.SubscriptionSchedule>;
export type Invoice = Wire<Stripe.Invoice>;
export type InvoiceLine = Wire<Stripe.InvoiceLineItem>;
export type InvoiceItem = Wire<Stripe.InvoiceItem>;
export type CreditNote = Wire<Stripe.CreditNote>;
export type StripeEvent = Omit<Wire<Stripe.EventBase>, 'data' | 'type'> & {
  type: string;
  data: { object: object; previous_attributes?: Record<string, unknown> };
};

/** Every object the simulator keeps has an id and answers to its `object` name. */
export type Identified = { id: string; object: string };

export function listOf<T>(data: T[], url: string, hasMore = false): WireList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}
