import type { IncomingHttpHeaders } from 'node:http';
import type { TInvoiceStatus, TSubscriptionStatus } from '@faxline/shared';
import type { TBillingProvider } from './schema';

/**
 * The one interface every payment provider is reached through (decision 082): Stripe first, PayPal next, each a file
 * of its own. Faxline's own rules (which plan a price is, what a payment failure does) live above it, never in a
 * provider.
 */
export interface BillingProvider {
  readonly name: TBillingProvider;
  /** Whether this provider talks to a simulator or a provider's test mode: every billing page says so. */
  readonly testMode: boolean;
  /** What it can do beyond starting and ending a subscription (decision 095): the routes refuse the rest, the page hides it. */
  readonly offers: ProviderOffers;
  /** A page of the provider's where the owner pays for a first subscription; it comes back to `returnUrl`. */
  startCheckout(order: CheckoutOrder): Promise<{ url: string }>;
  /** The webhook, checked against the provider's signature; throws `InvalidWebhook` when it is not the provider's. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<ProviderEvent>;
  /** The subscription as the provider holds it now: what every event is applied from, whatever order they came in. */
  subscription(subscriptionId: string): Promise<ProviderSubscription>;

  // Changing a paying subscription (decision 083). Each answers once the provider has it; the account follows by sync.
  /**
   * What moving to `priceId` at once would charge, prorated as of `at` (null: the provider's now, which is its clock's,
   * a test clock's included); changes nothing.
   */
  previewPlanChange(subscriptionId: string, priceId: string, at: Date | null): Promise<PlanChangeQuote>;
  /** Moves to `priceId` at once and charges the prorations as of `at` (the quote's), dropping a change scheduled. */
  changePlanNow(subscriptionId: string, priceId: string, at: Date): Promise<void>;
  /** Moves to `priceId` when the current period ends, nothing charged before; replaces a change already scheduled. */
  schedulePlanChange(subscriptionId: string, priceId: string): Promise<void>;
  /** Drops the change scheduled for the period's end, if any: the subscription renews on its current price. */
  dropScheduledChange(subscriptionId: string): Promise<void>;
  /** Ends the subscription at its period's end (dropping a scheduled change), or undoes that while it runs. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * Ends the subscription now (an account being deleted, decision 089): nothing more is charged, nothing is refunded;
   * one that has already ended is left as it is.
   */
  cancelNow(subscriptionId: string): Promise<void>;
  /** The provider's page where the customer changes their card; it comes back to `returnUrl`. */
  paymentPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The card the provider charges for this subscription; null when it holds none. */
  paymentCard(subscriptionId: string): Promise<PaymentCard | null>;

  // Billing details and invoices (decision 084).
  /** Makes the account's customer from its billing details, or brings one up to date; answers its id. */
  saveCustomer(customer: ProviderCustomer): Promise<string>;
  /** A page of the customer's invoices, newest first, drafts left out. */
  invoices(customerId: string, page: { limit: number; after: string | null }): Promise<InvoicePage>;
  /** One invoice with every line; null when the provider has none by this id. */
  invoice(invoiceId: string): Promise<ProviderInvoice | null>;

  // Pages beyond the plan (decision 093).
  /**
   * Adds a usage charge to the customer's next invoice of this subscription; answers the provider's id for it. Asked
   * again for the same ledger line, the provider answers the item it made the first time.
   */
  addUsageCharge(charge: UsageChargeItem): Promise<{ itemId: string }>;

  // Numbers beyond the plan's allowance (decision 112), under the same `offers.usageCharges`.
  /**
   * Adds a month of a number beyond the plan to the customer's next invoice of this subscription; answers the
   * provider's id for it. Asked again for the same month (`chargeId`), the provider answers the item it made first.
   */
  addNumberCharge(charge: NumberChargeItem): Promise<{ itemId: string }>;

  // Refunds (decision 091).
  /**
   * A credit note for part or all of a paid invoice: the amount goes back to the card (`refund`) or to the customer's
   * balance at the provider, which later invoices draw on (`credit`). Throws `RefusedCredit` when the provider refuses
   * the amount (more than is left to credit on the invoice).
   */
  creditInvoice(invoiceId: string, credit: CreditToIssue): Promise<ProviderCreditNote>;
  /** The credit notes issued on an invoice, newest first. */
  creditNotes(invoiceId: string): Promise<ProviderCreditNote[]>;

  // Promotions (decision 088).
  /** A coupon at the provider, for a promotion of the back office (decision 088); answers the provider's id for it. */
  createCoupon(coupon: ProviderCoupon): Promise<{ couponId: string }>;
  /** Ends a coupon: no new checkout may use it; the discounts it already gave stay. */
  endCoupon(couponId: string): Promise<void>;

  // The back office's plans (decision 087).
  /** Makes a plan's product and its monthly and yearly prices at the provider, answering the prices' ids. */
  createPlanPrices(plan: PlanToPrice): Promise<{ monthly: string; yearly: string }>;
}

/**
 * A provider's abilities that Faxline's routes and page read instead of its name (decision 095). What is false is
 * refused by the routes with a translated 409 and hidden on the page; its methods throw `NotOffered`.
 */
export type ProviderOffers = {
  /** A change of plan while the subscription runs (decision 083). */
  planChanges: boolean;
  /** An upgrade at once, charged prorated; without it a change waits for the period's end. */
  prorates: boolean;
  /** The provider's page where the customer replaces their card, and the card shown. */
  paymentPortal: boolean;
  /** The provider's invoices, listed and made into Faxline's PDF (decision 084), with the billing details on them. */
  invoices: boolean;
  /** Credit notes on paid invoices (decision 091). */
  credits: boolean;
  /** Coupons applied at checkout (decision 088). */
  coupons: boolean;
  /** Pages beyond the plan added to the next invoice (decision 093); without it such sends are refused. */
  usageCharges: boolean;
  /**
   * The provider itself ends a subscription cancelled at the period's end; without it Faxline ends it then
   * (`end-cancelled-subscriptions.ts`).
   */
  endsCancelledAtPeriodEnd: boolean;
};

/** Asked of a provider for something its `offers` says it cannot do: a bug of the caller, which should have asked first. */
export class NotOffered extends Error {
  override name = 'NotOffered';
}

/** A ledger line billed on the next invoice: `pages` at `unitCents` each, in `currency`. */
export type UsageChargeItem = {
  customerId: string;
  subscriptionId: string;
  ledgerLineId: number;
  pages: number;
  unitCents: number;
  currency: string;
  /** What the invoice line says. */
  description: string;
  /** When the pages were delivered. */
  at: Date;
};

/** A month of a number beyond the plan: `cents` in `currency`, for the month from `periodStart` to `periodEnd`. */
export type NumberChargeItem = {
  customerId: string;
  subscriptionId: string;
  chargeId: number;
  cents: number;
  currency: string;
  /** What the invoice line says. */
  description: string;
  periodStart: Date;
  periodEnd: Date;
};

/** The amount due now for a change of plan, with the provider's lines (a credit is negative), in minor units. */
export type PlanChangeQuote = {
  amountDueCents: number;
  currency: string;
  lines: { description: string; amountCents: number }[];
  /** The moment the prorations are computed for: passed back to `changePlanNow` to be charged exactly this. */
  prorationDate: Date;
};

export type PaymentCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** The card was declined for a charge asked for now: nothing changed. */
export class PaymentDeclined extends Error {
  override name = 'PaymentDeclined';
}

export type ProviderCoupon = {
  name: string;
  discount: { percentOff: number } | { amountOffCents: number; currency: string };
  /** The last moment a checkout may apply it. */
  redeemBy: Date;
  maxRedemptions: number | null;
  /** Faxline's promotion, written on the coupon so that the provider's dashboard names it. */
  promotionId: string;
};

/** A plan as a provider sells it: the yearly price is charged once a year (12 times its monthly price when billed yearly). */
export type PlanToPrice = { id: string; name: string; currency: string; monthlyPriceCents: number; yearlyMonthlyPriceCents: number };

export type CheckoutOrder = {
  accountId: string;
  email: string;
  priceId: string;
  /** The provider's customer of an account that paid before, so that its cards and invoices stay together. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** The provider's coupon of the promotion in force for this checkout (decision 088), applied to its first invoice. */
  couponId?: string | null;
};

/** A provider's event, verified: what it is and which subscription it concerns (null: none of Faxline's business). */
export type ProviderEvent = {
  id: string;
  type: string;
  subscriptionId: string | null;
  /** A completed checkout's coupon: the promotion counts one redemption (decision 088). */
  redeemedCouponId?: string | null;
};

export type ProviderSubscription = {
  subscriptionId: string;
  customerId: string;
  /** The account that started it, as Faxline wrote it on the subscription at checkout. */
  accountId: string | null;
  priceId: string;
  status: TSubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The price the subscription moves to at `startsAt` (a downgrade at the period's end); null when none is scheduled. */
  scheduledChange: { priceId: string; startsAt: Date } | null;
  /** What its latest invoice still asks for when that invoice is unpaid (what a failed payment e-mail names). */
  amountDue: AmountDue | null;
};

/** An amount in the currency's smallest unit (cents), and the currency's ISO code. */
export type AmountDue = { cents: number; currency: string };

/** The account's billing name, address and tax id as Faxline keeps them (`billing_profiles`). */
export type BillingDetails = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  region: string;
  country: string;
  /** Empty: none. */
  taxId: string;
};

/** `customerId` null: a new customer, for the account's first checkout. */
export type ProviderCustomer = { customerId: string | null; accountId: string; email: string; details: BillingDetails };

/** Amounts in the currency's smallest unit, as providers give them; `currency` ISO 4217 in upper case. */
export type InvoiceSummary = {
  id: string;
  customerId: string;
  number: string | null;
  status: TInvoiceStatus;
  issuedAt: Date;
  /** The service period its lines cover. */
  periodStart: Date;
  periodEnd: Date;
  currency: string;
  total: number;
  amountPaid: number;
  amountDue: number;
  /** What credit notes have given back of a paid invoice, refunded or credited (decision 091). */
  credited: number;
};

export type InvoicePage = { invoices: InvoiceSummary[]; nextAfter: string | null };

export type InvoiceLine = {
  description: string;
  periodStart: Date;
  periodEnd: Date;
  quantity: number;
  amount: number;
  /** A credit or charge for the part of a period after a change of plan. */
  proration: boolean;
};

/** The whole invoice: its buyer as the invoice names them (not as the account's details are now), lines and totals. */
export type ProviderInvoice = InvoiceSummary & {
  /** `address` without the country; `country` its ISO code. */
  buyer: { name: string | null; address: string[]; country: string | null; taxIds: string[] };
  lines: InvoiceLine[];
  subtotal: number;
  discount: number;
  tax: number;
};

export type CreditToIssue = {
  amountCents: number;
  kind: 'refund' | 'credit';
  /** The operator's reason, written on the credit note so that the provider's dashboard shows it. */
  memo: string;
  /** Faxline's operator who issued it, for the provider's dashboard. */
  operatorId: string;
};

export type ProviderCreditNote = {
  id: string;
  number: string;
  invoiceId: string;
  createdAt: Date;
  amount: number;
  refundAmount: number;
  creditAmount: number;
  memo: string | null;
};

/** The provider refused a credit note's amount (more than is left to credit): a 400, nothing issued. */
export class RefusedCredit extends Error {
  override name = 'RefusedCredit';
}

/** The provider refused the tax id (its own check of the format): a 400 on the field, nothing saved. */
export class RefusedTaxId extends Error {
  override name = 'RefusedTaxId';
}

/** A webhook that is not the provider's (a bad or missing signature, or too old): refused with 400, nothing stored. */
export class InvalidWebhook extends Error {
  override name = 'InvalidWebhook';
}
