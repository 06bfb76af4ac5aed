import { ZBillingResponse, ZCheckoutResponse, ZInvoiceListResponse, ZUsage } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { billingEvents, subscriptions } from '../../src/billing/schema';
import { type StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { plans } from '../../src/plans/schema';
import { callApi, signIn, type TestApp } from '../support/test-app';
import { until } from '../support/until';
import { openAppWithStripe, sellPlanAtStripe } from '../support/stripe-billing';

// Buying a plan through Stripe (issue 36, decision 082): the official `stripe` package on both sides, the server's
// and this test's, pointed at the Stripe simulator, which signs its webhooks as Stripe does. The plan changes only when
// Stripe's signed webhook says so; a webhook that is not Stripe's is a 400 that changes nothing; a replayed or stale
// event changes nothing twice.

const SECRET_KEY = 'sk_test_faxline';
const WEBHOOK_SECRET = 'whsec_faxlinetest';

let t: TestApp;
let simulator: StripeSimulator;
let stripe: Stripe;
let professional: { id: string; monthly: string; yearly: string; yearlyCents: number; pages: number };

beforeAll(async () => {
  ({ t, simulator, stripe } = await openAppWithStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }));

  // The back office names each plan's prices (its plan form, to come); here they are made and named directly.
  const { plan, monthly, yearly } = await sellPlanAtStripe(t.db, stripe, 'professional');
  professional = { id: plan.id, monthly: monthly.id, yearly: yearly.id, yearlyCents: yearly.unit_amount!, pages: plan.pagesPerMonth! };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

const planOf = async (accountId: string) =>
  (await t.db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)))[0]?.planId;

/** Pays for `planId` as the owner would: checkout from /user/billing, the test card on Stripe's page, back to Faxline. */
async function subscribe(cookie: string, planId: string, interval: 'month' | 'year') {
  const answer = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId, interval } });
  expect(answer.statusCode, answer.body).toBe(200);
  const { url } = ZCheckoutResponse.parse(answer.json());
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/simulator/i);
  const paid = await fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ outcome: 'succeed' }), redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toMatch(/\/user\/billing\?checkout=done$/);
}

describe('buying a plan through Stripe', () => {
  it('subscribes yearly to Professional: the account is on it once Stripe says so, with its quota, its period and its invoice', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const before = await planOf(account.id);
    expect(before).not.toBe(professional.id);
    const usage = async () => ZUsage.parse((await callApi(t.app, 'GET', '/api/usage', { cookie })).json());
    const invoices = async () =>
      ZInvoiceListResponse.parse((await callApi(t.app, 'GET', '/api/billing/invoices', { cookie })).json()).invoices;
    const quotaBefore = (await usage()).plan;
    expect(quotaBefore?.pagesPerMonth).not.toBe(professional.pages);
    expect(await invoices()).toEqual([]);

    await subscribe(cookie, professional.id, 'year');
    await until(
      () => planOf(account.id),
      (planId) => planId === professional.id,
      'the plan to change',
    );

    // Paying, the account changes its plan; it is not sold a second subscription.
    const second = await callApi(t.app, 'POST', '/api/billing/checkout', {
      cookie,
      payload: { planId: professional.id, interval: 'month' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(/already pays for a plan/);

    const billing = ZBillingResponse.parse((await callApi(t.app, 'GET', '/api/billing', { cookie })).json());
    expect(billing).toMatchObject({
      enabled: true,
      testMode: true,
      subscription: { planId: professional.id, interval: 'year', status: 'active' },
    });
    const days = (Date.parse(billing.subscription!.currentPeriodEnd) - Date.parse(billing.subscription!.currentPeriodStart)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    // The quota is Professional's, and the year is invoiced and paid.
    expect((await usage()).plan).toEqual({ name: 'Professional', pagesPerMonth: professional.pages });
    expect(await invoices()).toEqual([
      expect.objectContaining({ status: 'paid', total: professional.yearlyCents, amountPaid: professional.yearlyCents }),
    ]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'billing.plan_changed')));
    expect(audit.map((a) => a.details)).toEqual([expect.objectContaining({ provider: 'stripe', from: before, to: professional.id })]);
  });

  it('refuses a webhook that is not signed with the secret (400), and changes nothing', async () => {
    const event = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', data: { object: {} } });
    const signatures = {
      wrongSecret: stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someoneelse' }),
      stale: stripe.webhooks.generateTestHeaderString({
        payload: event,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
      none: undefined,
    };
    for (const [name, signature] of Object.entries(signatures)) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/billing/stripe/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload: event,
      });
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().error.message, name).toMatch(/not signed/);
    }
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_forged'))).toEqual([]);
  });

  it('changes nothing twice: every event replayed, and a stale one out of order', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    await subscribe(cookie, professional.id, 'month');
    await until(
      () => planOf(account.id),
      (planId) => planId === professional.id,
      'the plan to change',
    );
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id));
    await simulator.webhooksSettled();
    const applied = await t.db.select().from(billingEvents);
    const audited = () => t.db.select().from(auditEvents).where(eq(auditEvents.accountId, account.id));
    const auditBefore = (await audited()).length;

    const replays = [];
    for (const event of simulator.events()) replays.push(await simulator.replay(event.id));
    expect(replays.filter((d) => d.status !== 200)).toEqual([]);
    expect((await t.db.select().from(billingEvents)).length).toBe(applied.length);
    expect(await audited()).toHaveLength(auditBefore);

    // An event Stripe sent long ago about this subscription, arriving now for the first time: the subscription is read
    // as Stripe holds it now, so it changes nothing.
    const subscription = await stripe.subscriptions.retrieve(row!.subscriptionId);
    const stale = JSON.stringify({
      id: 'evt_stale_cancel',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...subscription, status: 'canceled' } },
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: stale, secret: WEBHOOK_SECRET }),
      },
      payload: stale,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await planOf(account.id)).toBe(professional.id);
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id)))[0]).toMatchObject({ status: 'active' });
  });

  it('is for the owner and the Billing role: a User sub-user gets 403 from every billing route', async () => {
    const account = await createAccount(t, { members: [{ role: 'billing' }, { role: 'user' }, { role: 'admin' }] });
    const [billing, user, admin] = account.members;
    const billingCookie = await signIn(t.app, billing!.email);
    expect((await callApi(t.app, 'GET', '/api/billing', { cookie: billingCookie })).statusCode).toBe(200);
    const checkout = await callApi(t.app, 'POST', '/api/billing/checkout', {
      cookie: billingCookie,
      payload: { planId: professional.id, interval: 'month' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    for (const member of [user!, admin!]) {
      const cookie = await signIn(t.app, member.email);
      expect((await callApi(t.app, 'GET', '/api/billing', { cookie })).statusCode).toBe(403);
      expect(
        (await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId: professional.id, interval: 'month' } }))
          .statusCode,
      ).toBe(403);
    }
  });

  it("answers 403 to a User and an Admin sub-user on every route of the account's billing the router knows, and changes nothing", async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }, { role: 'admin' }] });
    // A well-formed request for each route, so that only the role can refuse it; a route added later without its line
    // here fails this test until it is added.
    const requests: Record<string, object | undefined> = {
      'GET /api/billing': undefined,
      'POST /api/billing/checkout': { planId: professional.id, interval: 'month' },
      'GET /api/billing/baa': undefined,
      'POST /api/billing/baa': { version: '2026-12', signerName: 'A', signerTitle: 'B', organisation: 'C', agreed: true },
      'GET /api/billing/baa/:id/pdf': undefined,
      'GET /api/billing/invoices': undefined,
      'GET /api/billing/invoices/:id/pdf': undefined,
      'POST /api/billing/change/preview': { planId: professional.id, interval: 'year' },
      'POST /api/billing/change': { planId: professional.id, interval: 'year', expectedAmountCents: 0, quotedAt: new Date().toISOString() },
      'DELETE /api/billing/change': undefined,
      'POST /api/billing/cancel': undefined,
      'POST /api/billing/cancel/undo': undefined,
      'POST /api/billing/portal': undefined,
      'GET /api/billing/payment-method': undefined,
      'GET /api/billing/profile': undefined,
      'PUT /api/billing/profile': { name: 'X', line1: 'Y', line2: '', city: 'Z', postalCode: '1', region: '', country: 'US', taxId: '' },
      'GET /api/billing/usage.csv': undefined,
    };
    // Not the account's billing: a payment provider's webhook carries the provider's signature, not a session.
    const notBilling = (route: string) => /^POST \/api\/billing\/[\w-]+\/webhook$/.test(route);
    const known = t.app.routeList
      .filter((route) => route.url.startsWith('/api/billing'))
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD').map((m) => `${m} ${route.url}`),
      )
      .filter((route) => !notBilling(route));
    expect(known.sort()).toEqual(Object.keys(requests).sort());
    const concrete = (url: string) =>
      url.replace('baa/:id', `baa/${crypto.randomUUID()}`).replace('invoices/:id', 'invoices/in_nothing') +
      (url.endsWith('usage.csv') ? '?from=2026-01-01&to=2026-01-31' : '');

    for (const [index, member] of account.members.entries()) {
      const role = ['user', 'admin'][index];
      const cookie = await signIn(t.app, member.email);
      for (const [route, payload] of Object.entries(requests)) {
        const [method, url] = route.split(' ') as ['GET', string];
        const answer = await callApi(t.app, method, concrete(url), { cookie, ...(payload ? { payload } : {}) });
        expect(answer.statusCode, `${role}: ${route} ${answer.body}`).toBe(403);
      }
    }
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id))).toEqual([]);
  });

  it('refuses a plan that has no price for the interval, and bad input, with a 4xx that changes nothing', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const [basic] = await t.db.select().from(plans).where(eq(plans.slug, 'basic'));
    const notForSale = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId: basic!.id, interval: 'month' } });
    expect(notForSale.statusCode).toBe(404);
    expect(notForSale.json().error.message).toMatch(/cannot be bought online/);
    const bad = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId: professional.id, interval: 'weekly' } });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id))).toEqual([]);
  });
});
