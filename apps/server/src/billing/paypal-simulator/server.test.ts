import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, IntervalUnit, SubscriptionStatus, SubscriptionsController, TenureType } from '@paypal/paypal-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidWebhook } from '../billing-provider';
import { paypalClient } from '../paypal-provider';
import { verifyPayPalSignature } from '../paypal-webhook-signature';
import { APPROVE_BUTTON, PAYPAL_SIMULATOR_NOTICE } from './approval-page';
import { startPayPalSimulator, type PayPalSimulator } from './server';

// The simulator driven only through the official SDK (pointed at it as at a proxy, as the product does), its webhooks
// verified with the product's own check of PayPal's signature.

const DAY_MS = 86_400_000;
let simulator: PayPalSimulator;
let paypal: SubscriptionsController;
let receiver: Server;
const received: { body: Buffer; headers: IncomingHttpHeaders }[] = [];
let monthlyPlanId: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  simulator = await startPayPalSimulator({
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
    now: () => new Date('2026-03-01T10:00:00Z'),
  });
  paypal = new SubscriptionsController(paypalClient({ clientId: 'client', clientSecret: 'secret', apiUrl: simulator.url }));
  const plan = await paypal.createBillingPlan({
    body: {
      productId: await product(),
      name: 'Professional (monthly)',
      billingCycles: [
        {
          frequency: { intervalUnit: IntervalUnit.Month, intervalCount: 1 },
          tenureType: TenureType.Regular,
          sequence: 1,
          totalCycles: 0,
          pricingScheme: { fixedPrice: { currencyCode: 'USD', value: '29.00' } },
        },
      ],
      paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: 2 },
    },
  });
  monthlyPlanId = plan.result.id!;
}, 30_000);
afterAll(async () => {
  await simulator?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A product: the Catalog Products API is outside the SDK, so it is made as the provider makes it, with the SDK's token. */
async function product(): Promise<string> {
  const client = paypalClient({ clientId: 'client', clientSecret: 'secret', apiUrl: simulator.url });
  const token = await client.clientCredentialsAuthManager.fetchToken();
  const answer = await fetch(`${simulator.url}/v1/catalogs/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Professional', type: 'SERVICE' }),
  });
  expect(answer.status).toBe(201);
  const body = (await answer.json()) as { id: string };
  expect(body.id).toMatch(/^PROD-[A-Z0-9]{17}$/);
  return body.id;
}

/** A subscription approved by its payer on the hosted page, answering its id. */
async function approvedSubscription(accountId: string): Promise<string> {
  const { result } = await paypal.createSubscription({
    body: {
      planId: monthlyPlanId,
      customId: accountId,
      applicationContext: { returnUrl: 'https://faxline.test/back', cancelUrl: 'https://faxline.test/cancelled' },
    },
  });
  const approve = result.links!.find((link) => link.rel === 'approve')!.href;
  const token = new URL(approve).searchParams.get('ba_token')!;
  const decided = await fetch(new URL('/webapps/billing/subscriptions/decide', simulator.url), {
    method: 'POST',
    body: new URLSearchParams({ ba_token: token, decision: 'approve' }),
    redirect: 'manual',
  });
  expect(decided.status).toBe(303);
  expect(decided.headers.get('location')).toBe(`https://faxline.test/back?subscription_id=${result.id}&ba_token=${token}`);
  return result.id!;
}

const verify = (delivery: { body: Buffer; headers: IncomingHttpHeaders }, webhookId = simulator.webhookId) =>
  verifyPayPalSignature({
    rawBody: delivery.body,
    headers: delivery.headers,
    webhookId,
    apiUrl: simulator.url,
    certificate: async (url) => (await fetch(url)).text(),
  });

const eventsOf = (subscriptionId: string) =>
  received
    .map((delivery) => ({
      delivery,
      event: JSON.parse(delivery.body.toString('utf8')) as { event_type: string; resource: Record<string, unknown> },
    }))
    .filter(({ event }) => event.resource.id === subscriptionId || event.resource.billing_agreement_id === subscriptionId);

describe('the PayPal simulator', () => {
  it('refuses a call without the OAuth token, in PayPal’s error shape', async () => {
    const answer = await fetch(`${simulator.url}/v1/billing/plans/${monthlyPlanId}`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE', debug_id: expect.any(String) });
  });

  it('sells a plan through an approval page, activates it on approval, and sends signed webhooks', async () => {
    const { result: pending } = await paypal.createSubscription({
      body: {
        planId: monthlyPlanId,
        customId: 'acct-page',
        applicationContext: { returnUrl: 'https://faxline.test/back', cancelUrl: 'https://faxline.test/c' },
      },
    });
    expect(pending.id).toMatch(/^I-[A-Z0-9]{12}$/);
    expect(pending.status).toBe(SubscriptionStatus.ApprovalPending);
    const page = await (await fetch(pending.links!.find((link) => link.rel === 'approve')!.href)).text();
    expect(page).toContain(PAYPAL_SIMULATOR_NOTICE);
    expect(page).toContain(APPROVE_BUTTON);
    expect(page).toContain('29.00 USD');

    const id = await approvedSubscription('acct-1');
    const { result } = await paypal.getSubscription({ id });
    expect(result).toMatchObject({ status: SubscriptionStatus.Active, customId: 'acct-1', planId: monthlyPlanId });
    expect(result.billingInfo).toMatchObject({
      failedPaymentsCount: 0,
      lastPayment: { amount: { value: '29.00', currencyCode: 'USD' }, time: '2026-03-01T10:00:00.000Z' },
      nextBillingTime: '2026-04-01T10:00:00.000Z',
    });

    await simulator.webhooksSettled();
    const events = eventsOf(id);
    expect(events.map(({ event }) => event.event_type)).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
    ]);
    for (const { delivery } of events) await verify(delivery);
    const [first] = events;
    await expect(
      verify({ ...first!.delivery, body: Buffer.from(first!.delivery.body.toString().replace('acct-1', 'acct-2')) }),
    ).rejects.toThrow(InvalidWebhook);
    await expect(verify(first!.delivery, 'ANOTHERWEBHOOKID')).rejects.toThrow(InvalidWebhook);
    await expect(
      verify({ ...first!.delivery, headers: { ...first!.delivery.headers, 'paypal-cert-url': 'https://evil.test/cert' } }),
    ).rejects.toThrow(/certificate/);
  });

  it('answers a repeated PayPal-Request-Id with the first answer', async () => {
    const body = {
      planId: monthlyPlanId,
      applicationContext: { returnUrl: 'https://faxline.test/b', cancelUrl: 'https://faxline.test/c' },
    };
    const first = await paypal.createSubscription({ paypalRequestId: 'same-request', body });
    const again = await paypal.createSubscription({ paypalRequestId: 'same-request', body });
    expect(again.result.id).toBe(first.result.id);
  });

  it('renews as time passes, fails a payment when told, and suspends at the plan’s threshold', async () => {
    const id = await approvedSubscription('acct-renew');
    simulator.advanceTime(32 * DAY_MS);
    expect((await paypal.getSubscription({ id })).result.billingInfo).toMatchObject({
      lastPayment: { time: '2026-04-01T10:00:00.000Z' },
      nextBillingTime: '2026-05-01T10:00:00.000Z',
    });
    simulator.setPaymentFailures(id, true);
    simulator.advanceTime(30 * DAY_MS);
    const failed = (await paypal.getSubscription({ id })).result;
    expect(failed.status).toBe(SubscriptionStatus.Active);
    expect(failed.billingInfo).toMatchObject({ failedPaymentsCount: 1, outstandingBalance: { value: '29.00' } });
    simulator.advanceTime(31 * DAY_MS);
    expect((await paypal.getSubscription({ id })).result.status).toBe(SubscriptionStatus.Suspended);
    simulator.payOutstanding(id);
    const paid = (await paypal.getSubscription({ id })).result;
    expect(paid.status).toBe(SubscriptionStatus.Active);
    expect(paid.billingInfo).toMatchObject({ failedPaymentsCount: 0, outstandingBalance: { value: '0.00' } });

    const transactions = await paypal.listSubscriptionTransactions({
      id,
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2027-01-01T00:00:00Z',
    });
    expect(transactions.result.transactions!.map((transaction) => transaction.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'DECLINED',
      'DECLINED',
      'COMPLETED',
    ]);
    await simulator.webhooksSettled();
    expect(eventsOf(id).map(({ event }) => event.event_type)).toContain('BILLING.SUBSCRIPTION.PAYMENT.FAILED');
  });

  it('suspends, activates and cancels, and refuses what PayPal refuses with its 422', async () => {
    const id = await approvedSubscription('acct-cancel');
    await paypal.suspendSubscription({ id, body: { reason: 'customer asked' } });
    expect((await paypal.getSubscription({ id })).result).toMatchObject({
      status: SubscriptionStatus.Suspended,
      statusChangeNote: 'customer asked',
    });
    await paypal.activateSubscription({ id, body: { reason: 'undo' } });
    await paypal.cancelSubscription({ id, body: { reason: 'ended' } });
    expect((await paypal.getSubscription({ id })).result.status).toBe(SubscriptionStatus.Cancelled);
    const refused = await paypal.cancelSubscription({ id, body: { reason: 'again' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).statusCode).toBe(422);
    expect((refused as ApiError).result).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }],
    });
  });
});
