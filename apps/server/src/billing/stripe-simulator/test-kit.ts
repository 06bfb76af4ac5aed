import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startStripeSimulator, type StripeSimulator, type StripeSimulatorOptions } from './server';

/**
 * The kit the simulator's tests share: a simulator, the official `stripe` package pointed at it, and a webhook
 * receiver that keeps each delivery's raw bytes and signature so that tests verify them as Faxline will.
 */
export const WEBHOOK_SECRET = 'whsec_simulator_test_secret';

export type ReceivedWebhook = { rawBody: Buffer; signature: string };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The next `count` deliveries are answered 500, as by a receiver that is down; then 200 again. */
  failNext(count: number): void;
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ rawBody: Buffer.concat(chunks), signature: String(request.headers['stripe-signature'] ?? '') });
      const failing = failures > 0;
      if (failing) failures -= 1;
      response.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' }).end(failing ? 'failing on purpose' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type Kit = {
  simulator: StripeSimulator;
  stripe: Stripe;
  receiver: WebhookReceiver;
  /** Every delivery so far, each verified with `stripe.webhooks.constructEvent` (a bad signature throws). */
  verifiedEvents(): Promise<Stripe.Event[]>;
  close(): Promise<void>;
};

/** A fixed start, so that periods and proration figures are the same on every run: 15 Nov 2026, 10:00 UTC. */
export const START = new Date('2026-11-15T10:00:00Z');

export async function startKit(options: Partial<StripeSimulatorOptions> = {}): Promise<Kit> {
  const receiver = await startWebhookReceiver();
  const simulator = await startStripeSimulator({
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    now: () => new Date(START),
    retryDelaysMs: [20, 50],
    ...options,
  });
  const stripe = new Stripe('sk_test_simulator', { host: '127.0.0.1', port: simulator.port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    simulator,
    stripe,
    receiver,
    async verifiedEvents() {
      await simulator.webhooksSettled();
      return receiver.received.map(({ rawBody, signature }) => stripe.webhooks.constructEvent(rawBody, signature, WEBHOOK_SECRET));
    },
    async close() {
      await simulator.close();
      await receiver.close();
    },
  };
}

export type Plans = { product: Stripe.Product; monthly: Stripe.Price; yearly: Stripe.Price; business: Stripe.Price };

/** Faxline's catalogue in small: one product, a monthly and a yearly price, and a dearer monthly plan to upgrade to. */
export async function createPlans(stripe: Stripe): Promise<Plans> {
  const product = await stripe.products.create({ name: 'Faxline Pro', metadata: { plan: 'pro' } });
  const monthly = await stripe.prices.create({
    product: product.id,
    unit_amount: 1900,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: 'pro_monthly',
  });
  const yearly = await stripe.prices.create({
    product: product.id,
    unit_amount: 19_000,
    currency: 'usd',
    recurring: { interval: 'year' },
    lookup_key: 'pro_yearly',
  });
  const business = await stripe.prices.create({
    product_data: { name: 'Faxline Business' },
    unit_amount: 4900,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: 'business_monthly',
  });
  return { product, monthly, yearly, business };
}

/** Posts the hosted Checkout page's form as a browser would, without following the redirect. */
export async function payOnCheckoutPage(session: Stripe.Checkout.Session, fields: Record<string, string>): Promise<Response> {
  if (!session.url) throw new Error(`Session ${session.id} has no page`);
  return fetch(`${session.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** A customer who subscribed through Checkout with the card that pays; answers the completed session, expanded. */
export async function subscribe(
  kit: Kit,
  price: Stripe.Price,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Promise<Stripe.Checkout.Session> {
  const created = await kit.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: 1 }],
    customer_email: 'ada@example.com',
    success_url: 'https://app.example.test/billing/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.example.test/billing',
    ...extra,
  });
  const paid = await payOnCheckoutPage(created, { outcome: 'succeed', name: 'Ada Lovelace' });
  if (paid.status !== 303) throw new Error(`Paying ${created.id} answered ${paid.status}`);
  return kit.stripe.checkout.sessions.retrieve(created.id, { expand: ['subscription', 'subscription.latest_invoice'] });
}

/**
 * A simulator with the plans made, for each test (`each`, so that every test's periods start from START) or for the
 * whole file (`all`): `use` receives them when they are ready, and the simulator closes after.
 */
export function useKitWithPlans(scope: 'each' | 'all', use: (started: { kit: Kit; plans: Plans }) => void): void {
  let kit: Kit | undefined;
  (scope === 'each' ? beforeEach : beforeAll)(async () => {
    kit = await startKit();
    use({ kit, plans: await createPlans(kit.stripe) });
  });
  (scope === 'each' ? afterEach : afterAll)(() => kit?.close());
}
