import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type { BillingProvider, CheckoutOrder, PlanToPrice, ProviderEvent, ProviderSubscription } from './billing-provider';
import { InvalidWebhook } from './billing-provider';
import { SUBSCRIPTION_STATUSES, type TSubscriptionStatus } from '@faxline/shared';

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl: string };

/** The events Faxline applies; every other type is stored and acknowledged, and changes nothing. */
const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
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
      });
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { url: session.url };
    },

    verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderEvent {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new InvalidWebhook('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new InvalidWebhook((error as Error).message);
      }
      return { id: event.id, type: event.type, subscriptionId: SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionIdOf(event) : null };
    },

    async subscription(subscriptionId: string): Promise<ProviderSubscription> {
      return subscriptionOf(await stripe.subscriptions.retrieve(subscriptionId));
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

/** The subscription an event is about, wherever this event type keeps it. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const idOf = (value: unknown) => (typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null));
  switch (object.object) {
    case 'subscription':
      return object.id as string;
    case 'checkout.session':
      return idOf(object.subscription);
    case 'invoice':
      return idOf((object as unknown as Stripe.Invoice).parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)
    ? (subscription.status as TSubscriptionStatus)
    : // trialing counts as active; incomplete_expired as ended.
      subscription.status === 'trialing'
      ? 'active'
      : 'canceled';
  return {
    subscriptionId: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    accountId: subscription.metadata?.account_id ?? null,
    priceId: item.price.id,
    status,
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}
