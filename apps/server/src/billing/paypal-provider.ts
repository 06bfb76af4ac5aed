import type { IncomingHttpHeaders } from 'node:http';
import { Agent } from 'node:https';
import { connect as netConnect } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import {
  ApplicationContextUserAction,
  Client,
  Environment,
  ExperienceContextShippingPreference,
  IntervalUnit,
  SubscriptionStatus,
  SubscriptionsController,
  TenureType,
  type BillingPlan,
  type Subscription,
} from '@paypal/paypal-server-sdk';
import type { TSubscriptionStatus } from '@faxline/shared';
import {
  InvalidWebhook,
  NotOffered,
  type BillingProvider,
  type ProviderOffers,
  type CheckoutOrder,
  type PlanToPrice,
  type ProviderEvent,
  type ProviderSubscription,
} from './billing-provider';
import { verifyPayPalSignature } from './paypal-webhook-signature';

export type PayPalSettings = { clientId: string; clientSecret: string; webhookId: string; apiUrl: string };

/** PayPal's own API hosts and the SDK environment each is; any other `apiUrl` is a simulator reached as the SDK's proxy. */
const PAYPAL_ENVIRONMENTS: Record<string, Environment> = {
  'api-m.paypal.com': Environment.Production,
  'api-m.sandbox.paypal.com': Environment.Sandbox,
};

/**
 * The note Faxline suspends a subscription with when its owner cancels it at the period's end: PayPal has no such
 * cancellation, so the subscription is suspended (nothing more is charged), read back as running until its period
 * ends, and cancelled then (decision 095). A subscription PayPal suspended itself (failed payments) has another note.
 */
export const CANCEL_AT_PERIOD_END_NOTE = 'Faxline: cancelled by the customer, ends at the period end';

/**
 * What a PayPal subscription can do in Faxline (decision 095): start, be cancelled at the period's end and undone, end
 * now. A change of plan needs the payer's approval at PayPal and takes effect only at the next cycle; PayPal has no
 * invoices (its receipts are its own), no card Faxline may see or replace, no coupons, credit notes or extra charges on
 * a subscription's next payment.
 */
export const PAYPAL_OFFERS: ProviderOffers = {
  planChanges: false,
  prorates: false,
  paymentPortal: false,
  invoices: false,
  credits: false,
  coupons: false,
  usageCharges: false,
  endsCancelledAtPeriodEnd: false,
};

/** The events Faxline applies; every other type is stored and acknowledged, and changes nothing. */
const SUBSCRIPTION_EVENTS = new Set([
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
]);
const PAYMENT_EVENTS = new Set(['PAYMENT.SALE.COMPLETED']);

/** How long a webhook certificate is kept: PayPal rotates them rarely, and every webhook would otherwise fetch it. */
const CERTIFICATE_KEPT_MS = 24 * 3_600_000;

/**
 * The connections of the SDK's https requests, opened to `api` instead of PayPal's host: plain TCP to a simulator on
 * http, TLS (checked against `api`'s name) to another https host. The SDK still writes PayPal's URLs; only where they
 * are sent changes.
 */
class RedirectingAgent extends Agent {
  constructor(private readonly api: URL) {
    super({ keepAlive: true });
  }

  override createConnection(): Duplex {
    const port = Number(this.api.port || (this.api.protocol === 'https:' ? 443 : 80));
    return this.api.protocol === 'https:'
      ? tlsConnect({ host: this.api.hostname, port, servername: this.api.hostname })
      : netConnect({ host: this.api.hostname, port });
  }
}

/**
 * The SDK's client for `apiUrl`: PayPal's live or sandbox API by the SDK's own environment; any other address (a
 * simulator) by the SDK's stable `httpClientOptions.httpsAgent`, an agent that connects there. The SDK has no base URL
 * option, and axios's `proxy` tunnels https through CONNECT, which a simulator would have to answer with TLS.
 */
export function paypalClient(settings: Pick<PayPalSettings, 'clientId' | 'clientSecret' | 'apiUrl'>): Client {
  const api = new URL(settings.apiUrl);
  const environment = PAYPAL_ENVIRONMENTS[api.hostname];
  return new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: settings.clientId, oAuthClientSecret: settings.clientSecret },
    environment: environment ?? Environment.Sandbox,
    timeout: 20_000,
    ...(environment ? {} : { httpClientOptions: { httpsAgent: new RedirectingAgent(api) } }),
  });
}

/**
 * PayPal through its official `@paypal/paypal-server-sdk` (decision 095). `apiUrl` is PayPal's live or sandbox API,
 * or a simulator (see `paypalClient`).
 */
export function paypalProvider(settings: PayPalSettings): BillingProvider {
  const environment = PAYPAL_ENVIRONMENTS[new URL(settings.apiUrl).hostname];
  const client = paypalClient(settings);
  const paypal = new SubscriptionsController(client);
  const certificates = new Map<string, { pem: Promise<string>; until: number }>();
  const plans = new Map<string, Promise<BillingPlan>>();

  /** A plan never changes its cycle: read once per plan. */
  const planOf = (planId: string) => {
    let plan = plans.get(planId);
    if (!plan) {
      plan = paypal.getBillingPlan(planId).then((answer) => answer.result);
      plan.catch(() => plans.delete(planId));
      plans.set(planId, plan);
    }
    return plan;
  };

  function certificate(url: string): Promise<string> {
    const kept = certificates.get(url);
    if (kept && kept.until > Date.now()) return kept.pem;
    const pem = fetch(url, { signal: AbortSignal.timeout(10_000) }).then(async (answer) => {
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return answer.text();
    });
    pem.catch(() => certificates.delete(url));
    certificates.set(url, { pem, until: Date.now() + CERTIFICATE_KEPT_MS });
    return pem;
  }

  /** PayPal's Catalog Products API is not in the SDK: called with the SDK's own OAuth token. */
  async function createProduct(plan: PlanToPrice): Promise<string> {
    const token = await client.clientCredentialsAuthManager.fetchToken();
    const answer = await fetch(new URL('/v1/catalogs/products', settings.apiUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'content-type': 'application/json',
        'paypal-request-id': `faxline-product-${plan.id}`,
      },
      body: JSON.stringify({ name: plan.name, type: 'SERVICE', category: 'SOFTWARE' }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await answer.json()) as { id?: string; message?: string };
    if (!answer.ok || !body.id) throw new Error(`PayPal refused the product of plan ${plan.id}: ${body.message ?? answer.status}`);
    return body.id;
  }

  const notOffered = (what: string) => () => Promise.reject(new NotOffered(`PayPal: ${what} is not offered (decision 095)`));

  return {
    name: 'paypal',
    testMode: environment !== Environment.Production,
    offers: PAYPAL_OFFERS,

    async startCheckout(order: CheckoutOrder) {
      const { result } = await paypal.createSubscription({
        body: {
          planId: order.priceId,
          customId: order.accountId,
          subscriber: { emailAddress: order.email },
          applicationContext: {
            brandName: 'Faxline',
            userAction: ApplicationContextUserAction.SubscribeNow,
            shippingPreference: ExperienceContextShippingPreference.NoShipping,
            returnUrl: order.successUrl,
            cancelUrl: order.cancelUrl,
          },
        },
      });
      const approve = result.links?.find((link) => link.rel === 'approve')?.href;
      if (!approve) throw new Error(`PayPal gave subscription ${result.id} no approve link`);
      return { url: approve };
    },

    async verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<ProviderEvent> {
      await verifyPayPalSignature({ rawBody, headers, webhookId: settings.webhookId, apiUrl: settings.apiUrl, certificate });
      let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new InvalidWebhook('the body is not JSON');
      }
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') throw new InvalidWebhook('no event id or type');
      const resource = event.resource ?? {};
      const subscriptionId = SUBSCRIPTION_EVENTS.has(event.event_type)
        ? resource.id
        : PAYMENT_EVENTS.has(event.event_type)
          ? resource.billing_agreement_id
          : null;
      return { id: event.id, type: event.event_type, subscriptionId: typeof subscriptionId === 'string' ? subscriptionId : null };
    },

    async subscription(subscriptionId: string): Promise<ProviderSubscription> {
      const { result } = await paypal.getSubscription({ id: subscriptionId });
      return subscriptionOf(result, await planOf(result.planId!));
    },

    previewPlanChange: notOffered('a change of plan'),
    changePlanNow: notOffered('a change of plan'),
    schedulePlanChange: notOffered('a change of plan'),
    async dropScheduledChange() {
      // PayPal subscriptions never have a change scheduled by Faxline: nothing to drop.
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const { result } = await paypal.getSubscription({ id: subscriptionId });
      const suspendedByFaxline = result.status === SubscriptionStatus.Suspended && result.statusChangeNote === CANCEL_AT_PERIOD_END_NOTE;
      if (cancel && result.status === SubscriptionStatus.Active) {
        await paypal.suspendSubscription({ id: subscriptionId, body: { reason: CANCEL_AT_PERIOD_END_NOTE } });
      } else if (!cancel && suspendedByFaxline) {
        await paypal.activateSubscription({ id: subscriptionId, body: { reason: 'Faxline: cancellation undone by the customer' } });
      }
    },

    async cancelNow(subscriptionId) {
      const { result } = await paypal.getSubscription({ id: subscriptionId });
      // Only these can be cancelled; one never approved charges nothing, one ended is left as it is.
      if (result.status !== SubscriptionStatus.Active && result.status !== SubscriptionStatus.Suspended) return;
      await paypal.cancelSubscription({ id: subscriptionId, body: { reason: 'Faxline: ended' } });
    },

    paymentPortal: notOffered('the payment portal'),
    async paymentCard() {
      // PayPal keeps the payer's funding to itself: there is no card to show.
      return null;
    },
    saveCustomer: notOffered('a customer with billing details'),
    invoices: notOffered('invoices'),
    invoice: notOffered('invoices'),
    addUsageCharge: notOffered('a usage charge'),
    addNumberCharge: notOffered('a charge for a number beyond the plan'),
    creditInvoice: notOffered('a credit note'),
    creditNotes: notOffered('credit notes'),
    createCoupon: notOffered('a coupon'),
    endCoupon: notOffered('a coupon'),

    async createPlanPrices(plan: PlanToPrice) {
      const productId = await createProduct(plan);
      const price = async (unit: IntervalUnit, cents: number) => {
        const { result } = await paypal.createBillingPlan({
          // The same plan at the same price asked twice (a retry) answers the plan made the first time.
          paypalRequestId: `faxline-plan-${plan.id}-${unit}-${cents}`,
          body: {
            productId,
            name: `${plan.name} (${unit === IntervalUnit.Year ? 'yearly' : 'monthly'})`,
            billingCycles: [
              {
                frequency: { intervalUnit: unit, intervalCount: 1 },
                tenureType: TenureType.Regular,
                sequence: 1,
                totalCycles: 0,
                pricingScheme: { fixedPrice: { currencyCode: plan.currency.toUpperCase(), value: (cents / 100).toFixed(2) } },
              },
            ],
            // Past due after the first failure, as Faxline's grace begins (decision 085); PayPal suspends after three.
            paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: 3 },
          },
        });
        return result.id!;
      };
      const monthly = await price(IntervalUnit.Month, plan.monthlyPriceCents);
      const yearly = await price(IntervalUnit.Year, plan.yearlyMonthlyPriceCents * 12);
      return { monthly, yearly };
    },
  };
}

const centsOf = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);

/** One billing cycle of the plan after `from`, as PayPal counts them (calendar months and years in UTC). */
function cycleAfter(from: Date, plan: BillingPlan): Date {
  const frequency = plan.billingCycles?.find((cycle) => cycle.tenureType === TenureType.Regular)?.frequency;
  const count = frequency?.intervalCount ?? 1;
  const next = new Date(from);
  switch (frequency?.intervalUnit) {
    case IntervalUnit.Day:
      return new Date(from.getTime() + count * 86_400_000);
    case IntervalUnit.Week:
      return new Date(from.getTime() + count * 7 * 86_400_000);
    case IntervalUnit.Year:
      next.setUTCFullYear(next.getUTCFullYear() + count);
      return next;
    default:
      next.setUTCMonth(next.getUTCMonth() + count);
      return next;
  }
}

/** PayPal's status as Faxline's (decision 095): what a payment failure or Faxline's own suspension means. */
function statusOf(subscription: Subscription, outstanding: boolean): { status: TSubscriptionStatus; cancelAtPeriodEnd: boolean } {
  const failed = outstanding || (subscription.billingInfo?.failedPaymentsCount ?? 0) > 0;
  switch (subscription.status) {
    case SubscriptionStatus.Active:
      return { status: failed ? 'past_due' : 'active', cancelAtPeriodEnd: false };
    case SubscriptionStatus.Suspended:
      return subscription.statusChangeNote === CANCEL_AT_PERIOD_END_NOTE
        ? { status: failed ? 'past_due' : 'active', cancelAtPeriodEnd: true }
        : // Suspended by PayPal after failed payments (or by hand in PayPal's dashboard): nothing is being collected.
          { status: failed ? 'unpaid' : 'paused', cancelAtPeriodEnd: false };
    case SubscriptionStatus.Cancelled:
    case SubscriptionStatus.Expired:
      return { status: 'canceled', cancelAtPeriodEnd: false };
    default:
      // APPROVAL_PENDING, APPROVED: not paid for yet.
      return { status: 'incomplete', cancelAtPeriodEnd: false };
  }
}

function subscriptionOf(subscription: Subscription, plan: BillingPlan): ProviderSubscription {
  const info = subscription.billingInfo;
  const outstanding = centsOf(info?.outstandingBalance?.value);
  const start = new Date(info?.lastPayment?.time ?? subscription.startTime ?? subscription.createTime ?? Date.now());
  return {
    subscriptionId: subscription.id!,
    // PayPal has no customer Faxline makes: the payer is PayPal's, known once they approve.
    customerId: subscription.subscriber?.payerId ?? subscription.id!,
    accountId: subscription.customId ?? null,
    priceId: subscription.planId!,
    ...statusOf(subscription, outstanding > 0),
    currentPeriodStart: start,
    currentPeriodEnd: info?.nextBillingTime ? new Date(info.nextBillingTime) : cycleAfter(start, plan),
    scheduledChange: null,
    amountDue: outstanding > 0 ? { cents: outstanding, currency: info!.outstandingBalance.currencyCode } : null,
  };
}
