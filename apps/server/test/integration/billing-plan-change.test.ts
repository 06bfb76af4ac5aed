import {
  ZBillingPortalResponse,
  ZBillingResponse,
  ZCheckoutResponse,
  ZPaymentMethodResponse,
  ZPlanChangePreview,
  type TBillingInterval,
} from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { subscriptions } from '../../src/billing/schema';
import { startStripeSimulator, type StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { plans } from '../../src/plans/schema';
import { callApi, signIn, type TestApp } from '../support/test-app';
import { openAppWithStripe, sellPlanAtStripe } from '../support/stripe-billing';
import { answersTo } from '../support/simulator-deliveries';

// Changing a paying account's plan (issue 36, decision 083), against the Stripe simulator through the official
// `stripe` package: an upgrade is charged at once exactly what its preview showed; a downgrade waits for the period's
// end, and can be dropped until then; cancelling runs to the period's end and can be undone; the card is read from
// Stripe and changed in its portal. The simulator's clock moves a month in a call.

const SECRET_KEY = 'sk_test_faxline';
const WEBHOOK_SECRET = 'whsec_faxlinetest';
const DAY_MS = 86_400_000;

let t: TestApp;
let simulator: StripeSimulator;
let stripe: Stripe;
type Priced = { id: string; monthly: string; yearly: string };
let professional: Priced;
let business: Priced;
let basicId: string;

beforeAll(async () => {
  ({ t, simulator, stripe } = await openAppWithStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }));
  professional = await priced('professional');
  business = await priced('business');
  basicId = (await t.db.select().from(plans).where(eq(plans.slug, 'basic')))[0]!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

/** The plan's monthly and yearly prices made in the simulator and named on the plan, as the back office will. */
async function priced(slug: string): Promise<Priced> {
  const { plan, monthly, yearly } = await sellPlanAtStripe(t.db, stripe, slug);
  return { id: plan.id, monthly: monthly.id, yearly: yearly.id };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (const by = Date.now() + 20_000; Date.now() < by; await delay(50)) {
    const value = await read();
    if (done(value)) return value;
  }
  const failed = simulator.deliveries().filter((d) => d.status !== 200);
  throw new Error(`waited 20 s for ${what} ${JSON.stringify(failed.slice(0, 5))} of ${simulator.deliveries().length}`);
}
const planOf = async (accountId: string) =>
  (await t.db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)))[0]?.planId;
const billingOf = async (cookie: string) => ZBillingResponse.parse((await callApi(t.app, 'GET', '/api/billing', { cookie })).json());
const rowOf = async (accountId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0]!;
const invoicesOf = async (accountId: string) => (await stripe.invoices.list({ customer: (await rowOf(accountId)).customerId })).data;

/** An owner paying for `plan` through the simulator's checkout page, once Stripe's webhook has moved the account. */
async function payingOwner(plan: Priced, interval: TBillingInterval = 'month') {
  const account = await createAccount(t, { members: [{ role: 'user' }, { role: 'billing' }] });
  const cookie = await signIn(t.app, account.owner.email);
  const answer = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId: plan.id, interval } });
  expect(answer.statusCode, answer.body).toBe(200);
  const { url } = ZCheckoutResponse.parse(answer.json());
  const paid = await fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ outcome: 'succeed' }), redirect: 'manual' });
  expect(paid.status).toBe(303);
  await until(
    () => planOf(account.id),
    (planId) => planId === plan.id,
    'the plan bought',
  );
  return { account, cookie };
}

async function preview(cookie: string, planId: string, interval: TBillingInterval) {
  const answer = await callApi(t.app, 'POST', '/api/billing/change/preview', { cookie, payload: { planId, interval } });
  expect(answer.statusCode, answer.body).toBe(200);
  return ZPlanChangePreview.parse(answer.json());
}

const change = (cookie: string, payload: object) => callApi(t.app, 'POST', '/api/billing/change', { cookie, payload });

/** An owner paying for Business monthly, with a downgrade to Professional monthly scheduled for the period's end. */
async function downgradeScheduled() {
  const owner = await payingOwner(business);
  const quote = await preview(owner.cookie, professional.id, 'month');
  const answer = await change(owner.cookie, {
    planId: professional.id,
    interval: 'month',
    expectedAmountCents: 0,
    quotedAt: quote.quotedAt,
  });
  expect(answer.statusCode, answer.body).toBe(204);
  return owner;
}

/** Moves the simulator's clock a day past the period's end, and waits until Stripe's renewal has started the next period. */
async function untilRenewed(accountId: string, cookie: string) {
  const periodEnd = Date.parse((await billingOf(cookie)).subscription!.currentPeriodEnd);
  simulator.advanceTime(periodEnd - simulator.now().getTime() + DAY_MS);
  await until(
    () => rowOf(accountId),
    (row) => row.currentPeriodStart.getTime() === periodEnd,
    'the renewal',
  );
}

const auditedActions = async (accountId: string) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId)))
  ).map((event) => ({
    action: event.action,
    actorUserId: event.actorUserId,
    details: event.details,
  }));

describe('changing a paying plan', () => {
  it('upgrades mid-period at once, charged on the invoice exactly the prorations previewed', async () => {
    const { account, cookie } = await payingOwner(professional);
    simulator.advanceTime(10 * DAY_MS);

    const quote = await preview(cookie, business.id, 'month');
    expect(quote).toMatchObject({ timing: 'now', currency: 'USD' });
    // A credit for the unused time on Professional and a charge for the rest of the period on Business.
    expect(quote.lines).toHaveLength(2);
    expect(quote.lines[0]!.amountCents).toBeLessThan(0);
    expect(quote.lines[1]!.amountCents).toBeGreaterThan(0);
    expect(quote.amountDueCents).toBe(quote.lines[0]!.amountCents + quote.lines[1]!.amountCents);
    // About two thirds of the $30 between the plans are left in the period.
    expect(quote.amountDueCents).toBeGreaterThan(1500);
    expect(quote.amountDueCents).toBeLessThan(2300);
    expect(await planOf(account.id)).toBe(professional.id);

    simulator.advanceTime(60_000);
    const answer = await change(cookie, {
      planId: business.id,
      interval: 'month',
      expectedAmountCents: quote.amountDueCents,
      quotedAt: quote.quotedAt,
    });
    expect(answer.statusCode, answer.body).toBe(204);
    // Read back from Stripe right after its answer: the page shows the new plan at once.
    expect((await billingOf(cookie)).subscription).toMatchObject({ planId: business.id, interval: 'month', status: 'active' });
    expect(await planOf(account.id)).toBe(business.id);

    const row = await rowOf(account.id);
    const subscription = await stripe.subscriptions.retrieve(row.subscriptionId);
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: quote.amountDueCents });
    expect(invoice.lines.data.map((line) => line.amount)).toEqual(quote.lines.map((line) => line.amountCents));
    expect(await auditedActions(account.id)).toContainEqual({
      action: 'billing.change_requested',
      actorUserId: account.owner.id,
      details: expect.objectContaining({
        timing: 'now',
        amountCents: quote.amountDueCents,
        to: { planId: business.id, interval: 'month' },
      }),
    });
  });

  it('switches the same plan to yearly at once: a new yearly period, charged the year less the unused month', async () => {
    const { account, cookie } = await payingOwner(professional);
    simulator.advanceTime(15 * DAY_MS);
    const quote = await preview(cookie, professional.id, 'year');
    expect(quote.timing).toBe('now');
    const [plan] = await t.db.select().from(plans).where(eq(plans.id, professional.id));
    const year = plan!.yearlyMonthlyPriceCents! * 12;
    expect(quote.lines.map((line) => line.amountCents)).toContain(year);
    expect(quote.amountDueCents).toBeLessThan(year);
    expect(quote.amountDueCents).toBeGreaterThan(year - plan!.monthlyPriceCents!);

    const answer = await change(cookie, {
      planId: professional.id,
      interval: 'year',
      expectedAmountCents: quote.amountDueCents,
      quotedAt: quote.quotedAt,
    });
    expect(answer.statusCode, answer.body).toBe(204);
    const subscription = (await billingOf(cookie)).subscription!;
    expect(subscription).toMatchObject({ planId: professional.id, interval: 'year', currentPeriodStart: quote.quotedAt });
    const days = (Date.parse(subscription.currentPeriodEnd) - Date.parse(subscription.currentPeriodStart)) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(365);
    expect((await invoicesOf(account.id))[0]).toMatchObject({ amount_paid: quote.amountDueCents });

    // Back to monthly is a change at the end of the paid year.
    expect((await preview(cookie, professional.id, 'month')).timing).toBe('periodEnd');
  });

  it('refuses a stale amount or quote with 409, charging nothing and changing nothing', async () => {
    const { account, cookie } = await payingOwner(professional);
    simulator.advanceTime(5 * DAY_MS);
    const quote = await preview(cookie, business.id, 'month');
    const invoicesBefore = (await invoicesOf(account.id)).length;

    const stale = await change(cookie, {
      planId: business.id,
      interval: 'month',
      expectedAmountCents: quote.amountDueCents - 1,
      quotedAt: quote.quotedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/amount due has changed/);

    const future = new Date(Date.parse(quote.quotedAt) + 3 * DAY_MS).toISOString();
    const forged = await change(cookie, {
      planId: business.id,
      interval: 'month',
      expectedAmountCents: quote.amountDueCents,
      quotedAt: future,
    });
    expect(forged.statusCode).toBe(409);
    expect(forged.json().error.message).toMatch(/worked out too long ago/);

    const bad = await change(cookie, { planId: business.id, interval: 'weekly', expectedAmountCents: 5, quotedAt: quote.quotedAt });
    expect(bad.statusCode).toBe(400);
    const same = await callApi(t.app, 'POST', '/api/billing/change/preview', {
      cookie,
      payload: { planId: professional.id, interval: 'month' },
    });
    expect(same.statusCode).toBe(409);

    expect(await invoicesOf(account.id)).toHaveLength(invoicesBefore);
    expect(await planOf(account.id)).toBe(professional.id);
    expect((await rowOf(account.id)).planId).toBe(professional.id);
  });

  it('downgrades at the period end only, shown as scheduled until then', async () => {
    const { account, cookie } = await payingOwner(business);
    const periodEnd = (await billingOf(cookie)).subscription!.currentPeriodEnd;
    const quote = await preview(cookie, professional.id, 'month');
    expect(quote).toMatchObject({ timing: 'periodEnd', amountDueCents: 0, lines: [], startsAt: periodEnd });
    const invoicesBefore = (await invoicesOf(account.id)).length;

    const answer = await change(cookie, { planId: professional.id, interval: 'month', expectedAmountCents: 0, quotedAt: quote.quotedAt });
    expect(answer.statusCode, answer.body).toBe(204);
    expect((await billingOf(cookie)).subscription).toMatchObject({
      planId: business.id,
      scheduledChange: { planId: professional.id, interval: 'month', startsAt: periodEnd },
    });
    expect(await invoicesOf(account.id)).toHaveLength(invoicesBefore);

    simulator.advanceTime(Date.parse(periodEnd) - simulator.now().getTime() - DAY_MS);
    await simulator.webhooksSettled();
    expect(await planOf(account.id)).toBe(business.id);

    simulator.advanceTime(2 * DAY_MS);
    await until(
      () => planOf(account.id),
      (planId) => planId === professional.id,
      'the downgrade at the period end',
    );
    await simulator.webhooksSettled();
    const billing = await billingOf(cookie);
    expect(billing.subscription).toMatchObject({ planId: professional.id, currentPeriodStart: periodEnd, scheduledChange: null });
    const renewal = (await invoicesOf(account.id))[0]!;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 1999 });
  });

  it("takes a schedule's own event: the scheduled change is read from Stripe on subscription_schedule.updated", async () => {
    const { account } = await downgradeScheduled();
    await simulator.webhooksSettled();
    // As if the route's own read had been lost: only the schedule's event is left to tell.
    await t.db
      .update(subscriptions)
      .set({ scheduledPlanId: null, scheduledInterval: null, scheduledChangeAt: null })
      .where(eq(subscriptions.accountId, account.id));
    const row = await rowOf(account.id);
    const { schedule } = await stripe.subscriptions.retrieve(row.subscriptionId);
    const event = JSON.stringify({
      id: `evt_schedule_${row.subscriptionId}`,
      object: 'event',
      type: 'subscription_schedule.updated',
      data: { object: await stripe.subscriptionSchedules.retrieve(String(schedule)) },
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }),
      },
      payload: event,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await rowOf(account.id)).toMatchObject({ scheduledPlanId: professional.id, scheduledInterval: 'month' });
  });

  it('drops a scheduled downgrade on request ("Keep my current plan"): it never happens', async () => {
    const { account, cookie } = await downgradeScheduled();
    const kept = await callApi(t.app, 'DELETE', '/api/billing/change', { cookie });
    expect(kept.statusCode, kept.body).toBe(204);
    expect((await billingOf(cookie)).subscription?.scheduledChange).toBeNull();
    expect((await callApi(t.app, 'DELETE', '/api/billing/change', { cookie })).statusCode).toBe(409);

    await untilRenewed(account.id, cookie);
    await simulator.webhooksSettled();
    expect(await planOf(account.id)).toBe(business.id);
    expect((await auditedActions(account.id)).map((event) => event.action)).toContain('billing.change_dropped');
  });

  it('cancels in one click and undoes it: the plan renews as before', async () => {
    const { account, cookie } = await payingOwner(professional);
    const cancel = await callApi(t.app, 'POST', '/api/billing/cancel', { cookie });
    expect(cancel.statusCode, cancel.body).toBe(204);
    expect((await billingOf(cookie)).subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(await planOf(account.id)).toBe(professional.id);
    // Cancelled, the plan is not changed until the cancellation is undone.
    expect(
      (await callApi(t.app, 'POST', '/api/billing/change/preview', { cookie, payload: { planId: business.id, interval: 'month' } }))
        .statusCode,
    ).toBe(409);

    const undo = await callApi(t.app, 'POST', '/api/billing/cancel/undo', { cookie });
    expect(undo.statusCode, undo.body).toBe(204);
    expect((await billingOf(cookie)).subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await callApi(t.app, 'POST', '/api/billing/cancel/undo', { cookie })).statusCode).toBe(409);

    await untilRenewed(account.id, cookie);
    expect(await planOf(account.id)).toBe(professional.id);
    const actions = (await auditedActions(account.id)).filter((event) => event.action.startsWith('billing.cancel'));
    expect(actions).toEqual([
      { action: 'billing.cancel_requested', actorUserId: account.owner.id, details: expect.objectContaining({ provider: 'stripe' }) },
      { action: 'billing.cancel_undone', actorUserId: account.owner.id, details: expect.objectContaining({ provider: 'stripe' }) },
    ]);
  });

  it('cancelled, runs to the period end and returns to the starting plan; cancelling drops a scheduled downgrade', async () => {
    const { account, cookie } = await downgradeScheduled();
    expect((await callApi(t.app, 'POST', '/api/billing/cancel', { cookie })).statusCode).toBe(204);
    const cancelled = (await billingOf(cookie)).subscription!;
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, scheduledChange: null, planId: business.id });

    simulator.advanceTime(Date.parse(cancelled.currentPeriodEnd) - simulator.now().getTime() - DAY_MS);
    await simulator.webhooksSettled();
    expect(await planOf(account.id)).toBe(business.id);
    simulator.advanceTime(2 * DAY_MS);
    await until(
      () => planOf(account.id),
      (planId) => planId === basicId,
      'the end of the subscription',
    );
    expect((await billingOf(cookie)).subscription).toMatchObject({ status: 'canceled' });
  });

  it('shows the card Stripe charges, and opens its portal to change it', async () => {
    const { cookie } = await payingOwner(professional);
    const method = ZPaymentMethodResponse.parse((await callApi(t.app, 'GET', '/api/billing/payment-method', { cookie })).json());
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const portal = await callApi(t.app, 'POST', '/api/billing/portal', { cookie });
    expect(portal.statusCode, portal.body).toBe(200);
    const { url } = ZBillingPortalResponse.parse(portal.json());
    const page = await fetch(url);
    expect(await page.text()).toMatch(/Billing portal/);
    // The card replaced in the portal is the one shown after.
    const replaced = await fetch(`${url}/card`, { method: 'POST', body: new URLSearchParams({ outcome: 'decline' }), redirect: 'manual' });
    expect(replaced.status).toBeLessThan(400);
    const after = ZPaymentMethodResponse.parse((await callApi(t.app, 'GET', '/api/billing/payment-method', { cookie })).json());
    expect(after.card?.last4).toBe('0341');
  });

  it('is for the owner and the Billing role: a User sub-user gets 403 from each route, a Billing member does not', async () => {
    const { account } = await payingOwner(professional);
    const [user, billing] = account.members;
    const routes: [string, string, object | undefined][] = [
      ['POST', '/api/billing/change/preview', { planId: business.id, interval: 'month' }],
      [
        'POST',
        '/api/billing/change',
        { planId: business.id, interval: 'month', expectedAmountCents: 0, quotedAt: new Date().toISOString() },
      ],
      ['DELETE', '/api/billing/change', undefined],
      ['POST', '/api/billing/cancel', undefined],
      ['POST', '/api/billing/cancel/undo', undefined],
      ['POST', '/api/billing/portal', undefined],
      ['GET', '/api/billing/payment-method', undefined],
    ];
    const userCookie = await signIn(t.app, user!.email);
    for (const [method, url, payload] of routes) {
      const answer = await callApi(t.app, method as 'POST', url, { cookie: userCookie, ...(payload ? { payload } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await rowOf(account.id)).cancelAtPeriodEnd).toBe(false);

    const billingCookie = await signIn(t.app, billing!.email);
    expect(
      (
        await callApi(t.app, 'POST', '/api/billing/change/preview', {
          cookie: billingCookie,
          payload: { planId: business.id, interval: 'month' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await callApi(t.app, 'POST', '/api/billing/cancel', { cookie: billingCookie })).statusCode).toBe(204);
    expect(await auditedActions(account.id)).toContainEqual(
      expect.objectContaining({ action: 'billing.cancel_requested', actorUserId: billing!.id }),
    );
  });
});

describe('deleting a paying account (decision 089)', () => {
  it("ends its subscription at Stripe at once: nothing more is charged, and Stripe's closing event is taken", async () => {
    const { account, cookie } = await payingOwner(professional);
    const { subscriptionId, customerId } = await rowOf(account.id);
    const deleted = await callApi(t.app, 'DELETE', '/api/account', { cookie, payload: { password: account.owner.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(await planOf(account.id)).toBeUndefined();
    // customer.subscription.deleted names an account that is gone: acknowledged, not retried for days.
    await simulator.webhooksSettled();
    const closing = simulator
      .events()
      .find((event) => event.type === 'customer.subscription.deleted' && JSON.stringify(event.data).includes(subscriptionId));
    expect(closing).toBeDefined();
    expect(answersTo(simulator, closing!.id)).toEqual([200]);
    // A month later, no renewal is charged.
    const invoicesBefore = (await stripe.invoices.list({ customer: customerId })).data.length;
    simulator.advanceTime(40 * DAY_MS);
    await simulator.webhooksSettled();
    expect((await stripe.invoices.list({ customer: customerId })).data).toHaveLength(invoicesBefore);
  });

  // The file's last test: the simulator it stops comes back empty.
  it('is refused with 503 while Stripe cannot be reached, and nothing is deleted', async () => {
    const { account, cookie } = await payingOwner(professional);
    // Stripe goes away: its address refuses connections.
    const port = simulator.port;
    await simulator.close();
    try {
      const refused = await callApi(t.app, 'DELETE', '/api/account', {
        cookie,
        payload: { password: account.owner.password },
        language: 'fr',
      });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ error: { code: 'errors.billingCancelBeforeDeletion' } });
      expect(refused.json().error.message).toMatch(/^L'abonnement du compte n'a pas pu être résilié/);
      expect(await planOf(account.id)).toBe(professional.id);
      expect((await rowOf(account.id)).status).toBe('active');
    } finally {
      simulator = await startStripeSimulator({ webhookSecret: WEBHOOK_SECRET, port });
    }
  });
});
