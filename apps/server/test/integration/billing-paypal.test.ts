import type { AddressInfo } from 'node:net';
import { SubscriptionStatus, SubscriptionsController } from '@paypal/paypal-server-sdk';
import { DEFAULT_SYSTEM_SETTINGS, ZBillingResponse, ZCheckoutResponse, ZSystemSettingsResponse } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { billingInForce } from '../../src/billing/billing-providers';
import { endCancelledSubscriptions } from '../../src/billing/end-cancelled-subscriptions';
import { paypalClient } from '../../src/billing/paypal-provider';
import { startPayPalSimulator, type PayPalSimulator } from '../../src/billing/paypal-simulator/server';
import { billingEvents, subscriptions } from '../../src/billing/schema';
import { fixedClock, setClock } from '../../src/platform/clock';
import { STARTING_PLAN_SLUG } from '../../src/plans/catalogue';
import { plans } from '../../src/plans/schema';
import { adminSession, callApi, errorOf, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';
import { until } from '../support/until';
import { answersTo } from '../support/simulator-deliveries';

// PayPal as the second way to pay (issue 36, decision 095), against the PayPal simulator, which signs its webhooks as
// PayPal does: a subscription approved on PayPal's page changes the plan only on PayPal's signed webhook; forged,
// replayed and reordered webhooks change nothing; cancelling suspends at PayPal and Faxline ends it at the period's
// end; a failed payment is past_due; deleting the account cancels at PayPal.

const DAY_MS = 86_400_000;
let t: TestApp;
let simulator: PayPalSimulator;
let paypal: SubscriptionsController;
let professional: { id: string; monthly: string };
let webhookUrl: string;

beforeAll(async () => {
  simulator = await startPayPalSimulator({ retryDelaysMs: [100, 300] });
  t = await openTestApp({
    env: {
      PAYPAL_CLIENT_ID: 'faxline-test',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: simulator.webhookId,
      PAYPAL_API_URL: simulator.url,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/billing/paypal/webhook`;
  simulator.setWebhookUrl(webhookUrl);
  paypal = new SubscriptionsController(paypalClient({ clientId: 'faxline-test', clientSecret: 'secret', apiUrl: simulator.url }));
  // The back office's "Create in PayPal": the product and both billing plans made through the provider.
  const [plan] = await t.db.select().from(plans).where(eq(plans.slug, 'professional'));
  const { cookie } = await adminSession(t);
  const made = await callApi(t.app, 'POST', `/api/admin/plans/${plan!.id}/paypal-plans`, { cookie, remoteAddress: someClientAddress() });
  expect(made.statusCode, made.body).toBe(200);
  expect(made.json()).toMatchObject({
    paypalMonthlyPlanId: expect.stringMatching(/^P-/),
    paypalYearlyPlanId: expect.stringMatching(/^P-/),
  });
  const [priced] = await t.db.select().from(plans).where(eq(plans.id, plan!.id));
  expect(priced!.paypalMonthlyPlanId).toMatch(/^P-/);
  professional = { id: plan!.id, monthly: priced!.paypalMonthlyPlanId! };
}, 120_000);
afterEach(() => setClock());
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

const planOf = async (accountId: string) =>
  (await t.db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)))[0]?.planId;
const rowOf = async (accountId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0];
const billingOf = async (cookie: string) => ZBillingResponse.parse((await callApi(t.app, 'GET', '/api/billing', { cookie })).json());

/** Checkout with PayPal, and the payer's approval on the simulator's page; answers the subscription's id. */
async function approveOnPayPal(cookie: string): Promise<string> {
  const checkout = await callApi(t.app, 'POST', '/api/billing/checkout', {
    cookie,
    payload: { planId: professional.id, interval: 'month', provider: 'paypal' },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const approve = new URL(ZCheckoutResponse.parse(checkout.json()).url);
  const page = await fetch(approve);
  expect(await page.text()).toContain('PayPal simulator — test mode');
  const decided = await fetch(new URL('/webapps/billing/subscriptions/decide', simulator.url), {
    method: 'POST',
    body: new URLSearchParams({ ba_token: approve.searchParams.get('ba_token')!, decision: 'approve' }),
    redirect: 'manual',
  });
  expect(decided.status).toBe(303);
  const back = new URL(decided.headers.get('location')!);
  expect(back.pathname).toBe('/user/billing');
  expect(back.searchParams.get('checkout')).toBe('done');
  return back.searchParams.get('subscription_id')!;
}

async function payingOwner() {
  const account = await createAccount(t, { members: [{ role: 'billing' }] });
  const cookie = await signIn(t.app, account.owner.email);
  const subscriptionId = await approveOnPayPal(cookie);
  await until(
    () => planOf(account.id),
    (planId) => planId === professional.id,
    'the plan to change',
  );
  await simulator.webhooksSettled();
  return { account, cookie, subscriptionId };
}

const paypalEventsOf = (subscriptionId: string) =>
  simulator.events().filter((event) => event.resource.id === subscriptionId || event.resource.billing_agreement_id === subscriptionId);

describe('PayPal as a second way to pay', () => {
  it('offers PayPal beside the card, and changes the plan only on PayPal’s signed webhook', async () => {
    const account = await createAccount(t, {});
    const cookie = await signIn(t.app, account.owner.email);
    const before = await planOf(account.id);
    expect((await billingOf(cookie)).providers).toEqual(['paypal']);

    simulator.setWebhookUrl(null);
    const subscriptionId = await approveOnPayPal(cookie);
    // Approved at PayPal, but no webhook yet: coming back changes nothing.
    expect(await planOf(account.id)).toBe(before);
    expect(await rowOf(account.id)).toBeUndefined();
    simulator.setWebhookUrl(webhookUrl);
    for (const event of paypalEventsOf(subscriptionId)) expect((await simulator.replay(event.id)).status).toBe(200);

    expect(await planOf(account.id)).toBe(professional.id);
    const billing = await billingOf(cookie);
    expect(billing.subscription).toMatchObject({
      provider: 'paypal',
      planId: professional.id,
      interval: 'month',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(billing.offers).toMatchObject({ planChanges: false, prorates: false, invoices: false, paymentPortal: false });
    const days = (Date.parse(billing.subscription!.currentPeriodEnd) - Date.parse(billing.subscription!.currentPeriodStart)) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'billing.plan_changed')));
    expect(audit.map((row) => row.details)).toEqual([expect.objectContaining({ provider: 'paypal', from: before, to: professional.id })]);

    // Every event again, newest first: nothing is applied twice.
    const events = paypalEventsOf(subscriptionId);
    for (const event of [...events].reverse()) expect((await simulator.replay(event.id)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'billing.plan_changed'))),
    ).toHaveLength(1);
    const stored = await t.db.select().from(billingEvents).where(eq(billingEvents.provider, 'paypal'));
    for (const event of events) expect(stored.filter((row) => row.id === event.id)).toHaveLength(1);
  });

  it('keeps the back office’s PayPal keys read-only while the environment sets PayPal’s', async () => {
    const { cookie } = await adminSession(t);
    const view = ZSystemSettingsResponse.parse((await callApi(t.app, 'GET', '/api/admin/settings', { cookie })).json());
    expect(view.paypalFromEnvironment).toBe(true);
    const refused = await callApi(t.app, 'PUT', '/api/admin/settings', {
      cookie,
      payload: { values: { ...DEFAULT_SYSTEM_SETTINGS, ...view.values }, secrets: { paypalClientSecret: 'another-secret' } },
      remoteAddress: someClientAddress(),
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'errors.paypalFromEnvironment' });
  });

  it('refuses a forged or unsigned webhook with a 400 and stores nothing', async () => {
    const body = JSON.stringify({ id: 'WH-FORGED', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: { id: 'I-FORGED' } });
    const [signed] = simulator.deliveries();
    expect(signed).toBeDefined();
    const headersOf = (extra: Record<string, string>) => ({ 'content-type': 'application/json', ...extra });
    const attempts = {
      unsigned: headersOf({}),
      forgedSignature: headersOf({
        'paypal-transmission-id': 'b2f4c4a0-0000-0000-0000-000000000000',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': Buffer.from('not a signature').toString('base64'),
        'paypal-cert-url': `${simulator.url}/v1/notifications/certs/unknown`,
        'paypal-auth-algo': 'SHA256withRSA',
      }),
      certificateElsewhere: headersOf({
        'paypal-transmission-id': 'b2f4c4a0-0000-0000-0000-000000000000',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': Buffer.from('x').toString('base64'),
        'paypal-cert-url': 'https://certs.example.com/cert.pem',
        'paypal-auth-algo': 'SHA256withRSA',
      }),
    };
    for (const [name, headers] of Object.entries(attempts)) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/billing/paypal/webhook', headers, payload: body });
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().error.message, name).toMatch(/not signed/);
    }
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, 'WH-FORGED'))).toEqual([]);
  });

  it('cancels at the period’s end (suspended at PayPal), undoes it, and ends it once the period is over', async () => {
    const { account, cookie, subscriptionId } = await payingOwner();
    expect((await callApi(t.app, 'POST', '/api/billing/cancel', { cookie })).statusCode).toBe(204);
    expect(await rowOf(account.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await paypal.getSubscription({ id: subscriptionId })).result.status).toBe(SubscriptionStatus.Suspended);

    expect((await callApi(t.app, 'POST', '/api/billing/cancel/undo', { cookie })).statusCode).toBe(204);
    expect(await rowOf(account.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await paypal.getSubscription({ id: subscriptionId })).result.status).toBe(SubscriptionStatus.Active);

    expect((await callApi(t.app, 'POST', '/api/billing/cancel', { cookie })).statusCode).toBe(204);
    const row = await rowOf(account.id);
    const { queue, systemSettings } = t.env;
    const billing = billingInForce({ config: t.config, systemSettings });
    const deps = { db: t.db, queue, systemSettings, publicUrl: t.config.publicUrl, billing };
    // A minute before the end: nothing happens; just after it, PayPal's subscription is cancelled and the plan ends.
    setClock(fixedClock(new Date(row!.currentPeriodEnd.getTime() - 60_000)));
    await endCancelledSubscriptions(deps);
    expect((await paypal.getSubscription({ id: subscriptionId })).result.status).toBe(SubscriptionStatus.Suspended);
    setClock(fixedClock(new Date(row!.currentPeriodEnd.getTime() + 60_000)));
    await endCancelledSubscriptions(deps);
    expect((await paypal.getSubscription({ id: subscriptionId })).result.status).toBe(SubscriptionStatus.Cancelled);
    const [starting] = await t.db.select().from(plans).where(eq(plans.slug, STARTING_PLAN_SLUG));
    expect(await planOf(account.id)).toBe(starting!.id);
    expect((await rowOf(account.id))!.status).toBe('canceled');
  });

  it('refuses what PayPal cannot do with a translated 409, and a failed payment makes the account past due', async () => {
    const { account, cookie, subscriptionId } = await payingOwner();
    const change = await callApi(t.app, 'POST', '/api/billing/change/preview', {
      cookie,
      payload: { planId: professional.id, interval: 'year' },
      headers: { 'accept-language': 'fr' },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toMatch(/PayPal/);
    expect((await callApi(t.app, 'POST', '/api/billing/portal', { cookie })).statusCode).toBe(409);
    expect((await callApi(t.app, 'GET', '/api/billing/payment-method', { cookie })).json()).toEqual({ card: null });

    simulator.setPaymentFailures(subscriptionId, true);
    simulator.advanceTime(32 * DAY_MS);
    const failed = await until(
      () => rowOf(account.id),
      (row) => row?.paymentFailedAt != null,
      'the failed payment',
    );
    expect(failed).toMatchObject({ status: 'past_due', amountDueCents: expect.any(Number) });
    expect(await planOf(account.id)).toBe(professional.id);
    simulator.payOutstanding(subscriptionId);
    await until(
      () => rowOf(account.id),
      (row) => row?.status === 'active' && row.paymentFailedAt === null,
      'the payment',
    );
  });

  it('ends the PayPal subscription when the account is deleted', async () => {
    const { account, cookie, subscriptionId } = await payingOwner();
    const deleted = await callApi(t.app, 'DELETE', '/api/account', { cookie, payload: { password: account.owner.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await paypal.getSubscription({ id: subscriptionId })).result.status).toBe(SubscriptionStatus.Cancelled);
    await simulator.webhooksSettled();
    const closing = paypalEventsOf(subscriptionId).find((event) => event.event_type === 'BILLING.SUBSCRIPTION.CANCELLED');
    expect(answersTo(simulator, closing!.id)).toEqual([200]);
  });
});
