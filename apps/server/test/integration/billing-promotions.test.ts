import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ZActivePromotionResponse,
  ZAdminPromotion,
  ZAdminPromotionsResponse,
  ZCheckoutResponse,
  type TAdminPromotion,
  type TPromotionInput,
} from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { auditEvents } from '../../src/audit/schema';
import { promotions } from '../../src/billing/promotions/schema';
import { recreatePromotionCoupons } from '../../src/billing/promotions/test-mode-coupons';
import { subscriptions } from '../../src/billing/schema';
import { startStripeSimulator, type StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { adminSession, callApi, errorOf, signIn, someClientAddress, type TestApp } from '../support/test-app';
import { until } from '../support/until';
import { openAppWithStripe, sellPlanAtStripe } from '../support/stripe-billing';

// Promotions (issue 36 item 5, decision 088): an operator's coupon, made at Stripe through the official package
// (pointed at the simulator), applied to the checkouts it fits, shown on the invoice, counted when Stripe says a
// checkout completed, and shown to everyone by GET /api/promotions/active while it is in force.

const SECRET_KEY = 'sk_test_faxline';
const WEBHOOK_SECRET = 'whsec_faxlinepromotions';

let t: TestApp;
let simulator: StripeSimulator;
let stripe: Stripe;
let adminCookie: string;
let professional: { id: string; yearlyCents: number; monthlyCents: number };

beforeAll(async () => {
  ({ t, simulator, stripe } = await openAppWithStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }));
  adminCookie = (await adminSession(t)).cookie;

  const { plan } = await sellPlanAtStripe(t.db, stripe, 'professional');
  professional = { id: plan.id, yearlyCents: plan.yearlyMonthlyPriceCents! * 12, monthlyCents: plan.monthlyPriceCents! };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const admin = (method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
  callApi(t.app, method, url, { cookie: adminCookie, payload, language, remoteAddress: someClientAddress() });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const yearlyTwenty = (overrides: Partial<TPromotionInput> = {}): TPromotionInput => ({
  name: { en: '20% off the first year of yearly plans', es: '20 % de descuento el primer año de los planes anuales', fr: null },
  percentOff: 20,
  appliesTo: 'year',
  validFrom: new Date(Date.now() - 60_000).toISOString(),
  validUntil: inDays(7),
  ...overrides,
});

async function createPromotion(input: TPromotionInput): Promise<TAdminPromotion> {
  const answer = await admin('POST', '/api/admin/promotions', input);
  expect(answer.statusCode, answer.body).toBe(201);
  return ZAdminPromotion.parse(answer.json());
}
const endPromotion = async (id: string) => expect((await admin('POST', `/api/admin/promotions/${id}/end`)).statusCode).toBe(200);
const activePromotion = async () =>
  ZActivePromotionResponse.parse((await t.app.inject({ method: 'GET', url: '/api/promotions/active' })).json()).promotion;
const redemptionsOf = async (id: string) => (await t.db.select().from(promotions).where(eq(promotions.id, id)))[0]!.redemptions;

/** An owner's checkout; answers the provider's session and pays on the hosted page unless told not to. */
async function checkout(interval: 'month' | 'year', pay = true) {
  const account = await createAccount(t);
  const cookie = await signIn(t.app, account.owner.email);
  const answer = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId: professional.id, interval } });
  expect(answer.statusCode, answer.body).toBe(200);
  const { url } = ZCheckoutResponse.parse(answer.json());
  const session = await stripe.checkout.sessions.retrieve(url.split('/').pop()!);
  if (pay) {
    const paid = await fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ outcome: 'succeed' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
  }
  return { account, cookie, session };
}

/** What pdftotext reads in a PDF, its spaces of any kind as one. */
async function pdfText(body: Buffer): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'faxline-promotions-'));
  try {
    await writeFile(path.join(folder, 'invoice.pdf'), body);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path.join(folder, 'invoice.pdf'), '-']);
    return stdout.replace(/[\s\u00a0\u202f]+/g, ' ');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The first invoice of the account's subscription, read from Stripe once Faxline has heard of the subscription. */
async function firstInvoiceOf(accountId: string): Promise<Stripe.Invoice> {
  const [row] = await until(
    () => t.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)),
    (rows) => rows.length === 1,
    'the subscription',
  );
  const subscription = await stripe.subscriptions.retrieve(row!.subscriptionId);
  return stripe.invoices.retrieve(String(subscription.latest_invoice));
}

describe('promotions', () => {
  it('applies a 20% yearly-only coupon to a yearly checkout (on its invoice), not to a monthly one, and counts it when paid', async () => {
    expect(await activePromotion()).toBeNull();
    const promotion = await createPromotion(yearlyTwenty({ maxRedemptions: 100 }));
    expect(promotion).toMatchObject({ percentOff: 20, appliesTo: 'year', currency: 'USD', redemptions: 0, endedAt: null });
    const coupon = await stripe.coupons.retrieve(promotion.providerCouponId);
    expect(coupon).toMatchObject({ percent_off: 20, duration: 'once', max_redemptions: 100, metadata: { promotion_id: promotion.id } });
    expect(coupon.redeem_by).toBe(Math.floor(Date.parse(promotion.validUntil) / 1000));

    // Shown to everyone, in every language, with no back-office detail.
    const shown = await t.app.inject({ method: 'GET', url: '/api/promotions/active' });
    expect(shown.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(shown.json()).toEqual({
      promotion: {
        name: {
          en: '20% off the first year of yearly plans',
          es: '20 % de descuento el primer año de los planes anuales',
          fr: '20% off the first year of yearly plans',
        },
        percentOff: 20,
        amountOffCents: null,
        currency: 'USD',
        appliesTo: 'year',
        validUntil: promotion.validUntil,
      },
    });

    // A checkout left unpaid redeems nothing: the count is Stripe's word that a checkout completed.
    const unpaid = await checkout('year', false);
    expect(unpaid.session.discounts).toEqual([{ coupon: promotion.providerCouponId, promotion_code: null }]);
    await simulator.webhooksSettled();
    expect(await redemptionsOf(promotion.id)).toBe(0);

    const yearly = await checkout('year');
    const invoice = await firstInvoiceOf(yearly.account.id);
    const discount = Math.round(professional.yearlyCents * 0.2);
    expect(invoice).toMatchObject({ subtotal: professional.yearlyCents, total: professional.yearlyCents - discount });
    expect(invoice.total_discount_amounts).toEqual([{ amount: discount, discount: expect.stringMatching(/^di_/) }]);
    // The customer's own invoice, Faxline's PDF, shows the discount and the total after it.
    const money = (cents: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);
    const pdf = await callApi(t.app, 'GET', `/api/billing/invoices/${invoice.id}/pdf`, { cookie: yearly.cookie });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Subtotal ${money(professional.yearlyCents)}`);
    expect(text).toContain(`Discount -${money(discount)}`);
    expect(text).toContain(`Total ${money(professional.yearlyCents - discount)}`);
    await until(
      () => redemptionsOf(promotion.id),
      (count) => count === 1,
      'the redemption to be counted',
    );

    const monthly = await checkout('month');
    expect(monthly.session.discounts).toEqual([]);
    const monthlyInvoice = await firstInvoiceOf(monthly.account.id);
    expect(monthlyInvoice).toMatchObject({
      subtotal: professional.monthlyCents,
      total: professional.monthlyCents,
      total_discount_amounts: [],
    });

    // Replayed, the completed checkout's event counts nothing twice.
    await simulator.webhooksSettled();
    const completed = simulator.events().filter((event) => event.type === 'checkout.session.completed');
    for (const event of completed) simulator.replay(event.id);
    await simulator.webhooksSettled();
    expect(await redemptionsOf(promotion.id)).toBe(1);

    await endPromotion(promotion.id);
    expect(await activePromotion()).toBeNull();
    await expect(stripe.coupons.retrieve(promotion.providerCouponId)).rejects.toMatchObject({ statusCode: 404 });
    expect((await checkout('year', false)).session.discounts).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'promotion'), eq(auditEvents.objectId, promotion.id)));
    expect(audit.map((event) => event.action).sort()).toEqual(['promotion.create', 'promotion.end']);
    expect((await admin('POST', `/api/admin/promotions/${promotion.id}/end`)).statusCode).toBe(409);
  });

  it('applies nothing once a coupon is exhausted or past its end, and the public endpoint shows nothing', async () => {
    const once = await createPromotion(yearlyTwenty({ appliesTo: 'all', maxRedemptions: 1 }));
    const first = await checkout('month');
    expect(first.session.discounts).toEqual([{ coupon: once.providerCouponId, promotion_code: null }]);
    await until(
      () => redemptionsOf(once.id),
      (count) => count === 1,
      'the redemption to be counted',
    );
    expect(await activePromotion()).toBeNull();
    expect((await checkout('year', false)).session.discounts).toEqual([]);
    await endPromotion(once.id);

    const brief = await createPromotion(yearlyTwenty({ validUntil: new Date(Date.now() + 1500).toISOString() }));
    expect(await activePromotion()).toMatchObject({ percentOff: 20 });
    await delay(1600);
    expect(await activePromotion()).toBeNull();
    expect((await checkout('year', false)).session.discounts).toEqual([]);
    expect(await redemptionsOf(brief.id)).toBe(0);

    const { promotions: listed } = ZAdminPromotionsResponse.parse((await admin('GET', '/api/admin/promotions')).json());
    expect(listed.map((p) => p.id)).toEqual(expect.arrayContaining([once.id, brief.id]));
    expect(listed.find((p) => p.id === once.id)).toMatchObject({ redemptions: 1, maxRedemptions: 1 });
  });

  it('refuses a second promotion over the same dates, one at a time', async () => {
    const running = await createPromotion(yearlyTwenty({ validUntil: inDays(3) }));
    const overlapping = await admin('POST', '/api/admin/promotions', yearlyTwenty({ validFrom: inDays(2), validUntil: inDays(9) }), 'fr');
    expect(overlapping.statusCode).toBe(409);
    expect(errorOf(overlapping).message).toMatch(/Une autre promotion/);
    await endPromotion(running.id);
    const after = await createPromotion(
      yearlyTwenty({ validFrom: inDays(2), validUntil: inDays(9), amountOffCents: 1000, percentOff: null }),
    );
    expect(after).toMatchObject({ amountOffCents: 1000, currency: 'USD' });
    expect(await stripe.coupons.retrieve(after.providerCouponId)).toMatchObject({ amount_off: 1000, currency: 'usd' });
    // Not begun yet: not in force.
    expect(await activePromotion()).toBeNull();
    await endPromotion(after.id);
  });

  it('refuses bad input with a translated 400 that stores nothing at Faxline or at Stripe', async () => {
    const before = (await t.db.select().from(promotions)).length;
    const couponsBefore = (await stripe.coupons.list({ limit: 100 })).data.length;
    const cases: [Partial<TPromotionInput>, RegExp][] = [
      [{ percentOff: 0 }, /de 1 à 100/],
      [{ percentOff: 120 }, /de 1 à 100/],
      [{ validFrom: inDays(5), validUntil: inDays(1) }, /après le début/],
      [{ amountOffCents: 500 }, /pas les deux/],
      [{ name: { en: ' ' } }, /nom est obligatoire/],
      [{ validFrom: inDays(-9), validUntil: inDays(-2) }, /dans le futur/],
    ];
    for (const [overrides, message] of cases) {
      const answer = await admin('POST', '/api/admin/promotions', yearlyTwenty(overrides), 'fr');
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(errorOf(answer)), JSON.stringify(overrides)).toMatch(message);
    }
    expect((await t.db.select().from(promotions)).length).toBe(before);
    expect((await stripe.coupons.list({ limit: 100 })).data.length).toBe(couponsBefore);
    expect((await admin('POST', '/api/admin/promotions/no-such-promotion/end')).statusCode).toBe(404);
  });

  it('is for platform admins only: a customer, even an account owner, gets 403 and changes nothing', async () => {
    const account = await createAccount(t, { members: [{ role: 'billing' }] });
    for (const person of [account.owner, account.members[0]!]) {
      const cookie = await signIn(t.app, person.email);
      const call = (method: 'GET' | 'POST', url: string, payload?: object) => callApi(t.app, method, url, { cookie, payload });
      expect((await call('GET', '/api/admin/promotions')).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/promotions', yearlyTwenty())).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/promotions/whatever/end')).statusCode).toBe(403);
    }
    expect(await activePromotion()).toBeNull();
  });

  it('in test mode, gives a restarted simulator the coupons of the promotions still open, with the redemptions left', async () => {
    const open = await createPromotion(yearlyTwenty({ maxRedemptions: 5 }));
    await t.db.update(promotions).set({ redemptions: 2 }).where(eq(promotions.id, open.id));
    const restarted = await startStripeSimulator({ webhookSecret: WEBHOOK_SECRET });
    try {
      const fresh = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: restarted.port, protocol: 'http' });
      await recreatePromotionCoupons(t.db, fresh);
      expect(await fresh.coupons.retrieve(open.providerCouponId)).toMatchObject({ percent_off: 20, max_redemptions: 3, duration: 'once' });
      // Only the open one: the ended promotions of the tests above get no coupon.
      expect((await fresh.coupons.list()).data.map((coupon) => coupon.id)).toEqual([open.providerCouponId]);
    } finally {
      await restarted.close();
    }
    await endPromotion(open.id);
  });
});
