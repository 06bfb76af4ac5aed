import { ZAdminPlan, ZCreateApiKeyResponse, ZFaqsResponse, ZPlansResponse, type TAdminPlan } from '@faxline/shared';
import { ZV1Error } from '@faxline/shared/api-v1';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { PASSWORD, unique, uniqueEmail } from '@test-support/factories/values';
import { moveAccountToPlan } from '../../src/accounts/account-plan';
import { startStripeSimulator, type StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { seedBillingFaqs } from '../../src/content/faq-seed';
import { inTransaction } from '../../src/platform/db/transaction';
import { plans } from '../../src/plans/schema';
import { adminPlanInputOf } from '../support/admin-plans';
import { callV1 } from '../support/api-keys';
import { adminSession, callApi, errorOf, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';

// What a plan includes is what an account gets (issue 36 item 7, decision 087): the API, webhooks, its number of users
// and fax to e-mail are fields of the plan, refused on the server with the way to a plan that has them, and given as
// soon as the account is on such a plan. The back office sets them, and makes a plan's Stripe prices through the
// official package, here against the Stripe simulator.

const SECRET_KEY = 'sk_test_faxline_features';
const WEBHOOK_SECRET = 'whsec_faxlinefeatures';

let t: TestApp;
let simulator: StripeSimulator;
let planIds: Record<string, string>;

beforeAll(async () => {
  simulator = await startStripeSimulator({ webhookSecret: WEBHOOK_SECRET });
  t = await openTestApp({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: simulator.url } });
  planIds = Object.fromEntries((await t.db.select({ id: plans.id, slug: plans.slug }).from(plans)).map((p) => [p.slug, p.id]));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

const hook = { url: 'https://hooks.example.com/faxline', events: ['fax.delivered'] };
const member = () => ({ name: 'Grace Hopper', username: unique('grace'), email: uniqueEmail('member'), password: PASSWORD, role: 'User' as const });
const moveTo = (accountId: string, slug: string) => inTransaction(t.db, (tx) => moveAccountToPlan(tx, accountId, planIds[slug]!));

/** A refusal for the plan: 403, the message naming the plan and the billing page, the way there in `upgradeUrl`. */
function expectPlanRefusal(response: { statusCode: number; json: () => unknown; body: string }, code: string, plan: string) {
  expect(response.statusCode, response.body).toBe(403);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  expect(error.upgradeUrl).toBe('/user/billing');
  expect(error.message).toContain(plan);
  expect(error.message).toMatch(/\/user\/billing$/);
}

describe('what the starting catalogue includes', () => {
  it('is what the cards say: Basic has neither API, webhooks nor sub-users; Business has all; no card lists the mobile app', async () => {
    const { plans: onSale } = ZPlansResponse.parse((await t.app.inject({ method: 'GET', url: '/api/plans' })).json());
    const of = (slug: string) => onSale.find((p) => p.slug === slug)!;
    expect(of('basic')).toMatchObject({ apiAccess: false, webhooks: false, faxToEmail: false, maxUsers: 1 });
    expect(of('professional')).toMatchObject({ apiAccess: false, webhooks: false, faxToEmail: true, maxUsers: 1 });
    expect(of('business')).toMatchObject({ apiAccess: true, webhooks: true, faxToEmail: true, maxUsers: null });
    expect(of('enterprise')).toMatchObject({ apiAccess: true, webhooks: true, faxToEmail: true, maxUsers: null });
    expect(JSON.stringify(onSale)).not.toMatch(/mobile|móvil/i);
  });
});

describe('a Basic account', () => {
  it('cannot make an API key, add a webhook or invite a member, and can all of it once it is on Business', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);

    expectPlanRefusal(
      await callApi(t.app, 'POST', '/api/api-keys', { cookie, payload: { name: 'EHR', scopes: ['faxes:read'] } }),
      'errors.planLacksApiAccess',
      'Basic',
    );
    expectPlanRefusal(await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: hook }), 'errors.planLacksWebhooks', 'Basic');
    expectPlanRefusal(await callApi(t.app, 'POST', '/api/account/members', { cookie, payload: member() }), 'errors.planUserLimit', 'Basic');
    // In the caller's language too.
    const inSpanish = await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: hook, language: 'es' });
    expect(errorOf(inSpanish).message).toMatch(/no incluye webhooks/);

    await moveTo(account.id, 'business');
    const key = await callApi(t.app, 'POST', '/api/api-keys', { cookie, payload: { name: 'EHR', scopes: ['faxes:read'] } });
    expect(key.statusCode, key.body).toBe(201);
    const { secret } = ZCreateApiKeyResponse.parse(key.json());
    expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(200);
    expect((await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: hook })).statusCode).toBe(201);
    expect((await callApi(t.app, 'POST', '/api/account/members', { cookie, payload: member() })).statusCode).toBe(202);
  });

  it('refuses on /v1 the key it made on Business, with the message, once it moved to Basic, and takes it again back on Business', async () => {
    const account = await createAccount(t, { plan: { slug: 'business' } });
    const cookie = await signIn(t.app, account.owner.email);
    const created = await callApi(t.app, 'POST', '/api/api-keys', { cookie, payload: { name: 'EHR', scopes: ['faxes:read'] } });
    const { secret } = ZCreateApiKeyResponse.parse(created.json());
    expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(200);

    await moveTo(account.id, 'basic');
    const refused = await callV1(t, secret, 'GET', '/v1/faxes');
    expect(refused.statusCode, refused.body).toBe(403);
    const { error } = ZV1Error.parse(refused.json());
    expect(error).toMatchObject({ type: 'permission_error', code: 'errors.planLacksApiAccess' });
    expect(error.message).toMatch(/^Your plan \(Basic\) does not include API access\. .*\/user\/billing$/);

    await moveTo(account.id, 'business');
    expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(200);
  });

  it('keeps a webhook made on Business, may turn it off but not on again once on Basic', async () => {
    const account = await createAccount(t, { plan: { slug: 'business' } });
    const cookie = await signIn(t.app, account.owner.email);
    const created = await callApi(t.app, 'POST', '/api/webhooks', { cookie, payload: hook });
    const { endpoint } = created.json() as { endpoint: { id: string } };
    await moveTo(account.id, 'basic');
    const off = await callApi(t.app, 'PATCH', `/api/webhooks/${endpoint.id}`, { cookie, payload: { enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expectPlanRefusal(
      await callApi(t.app, 'PATCH', `/api/webhooks/${endpoint.id}`, { cookie, payload: { enabled: true } }),
      'errors.planLacksWebhooks',
      'Basic',
    );
  });

  it('counts the owner and open invitations against a plan of 2 users', async () => {
    const account = await createAccount(t);
    // Not a HIPAA plan: those ask everyone for two-factor sign-in first (decision 109), which is not what this counts.
    await t.db.update(plans).set({ maxUsers: 2 }).where(eq(plans.id, planIds.professional!));
    try {
      await moveTo(account.id, 'professional');
      const cookie = await signIn(t.app, account.owner.email);
      const first = member();
      expect((await callApi(t.app, 'POST', '/api/account/members', { cookie, payload: first })).statusCode).toBe(202);
      // Inviting the same address again replaces its invitation: still two.
      expect((await callApi(t.app, 'POST', '/api/account/members', { cookie, payload: { ...first, username: unique('g') } })).statusCode).toBe(
        202,
      );
      expectPlanRefusal(await callApi(t.app, 'POST', '/api/account/members', { cookie, payload: member() }), 'errors.planUserLimit', 'Professional');
    } finally {
      await t.db.update(plans).set({ maxUsers: 1 }).where(eq(plans.id, planIds.professional!));
    }
  });

  it('cannot add an address for received faxes, and can once on Professional', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const current = (await callApi(t.app, 'GET', '/api/account/fax-email', { cookie })).json() as { documentsInEmail: boolean };
    const payload = { documentsInEmail: current.documentsInEmail, numbers: [{ phoneNumber: account.number!, emailRecipients: ['desk@example.com'] }] };
    expectPlanRefusal(await callApi(t.app, 'PUT', '/api/account/fax-email', { cookie, payload }), 'errors.planLacksFaxToEmail', 'Basic');
    await moveTo(account.id, 'professional');
    const saved = await callApi(t.app, 'PUT', '/api/account/fax-email', { cookie, payload });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('the back office’s plan form', () => {
  async function admin() {
    const { cookie } = await adminSession(t);
    return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      callApi(t.app, method, url, { cookie, payload, remoteAddress: someClientAddress() });
  }
  async function planBySlug(call: Awaited<ReturnType<typeof admin>>, slug: string): Promise<TAdminPlan> {
    const { plans: all } = (await call('GET', '/api/admin/plans')).json() as { plans: TAdminPlan[] };
    return ZAdminPlan.parse(all.find((p) => p.slug === slug));
  }

  it('sets what a plan includes, and its Stripe price ids; a bad id is refused and changes nothing', async () => {
    const call = await admin();
    const created = await call('POST', '/api/admin/plans', {
      name: unique('Team'),
      monthlyPriceCents: 2900,
      pagesPerMonth: 800,
      apiAccess: true,
      webhooks: false,
      faxToEmail: true,
      maxUsers: 5,
      faxNumbersIncluded: 2,
      stripeMonthlyPriceId: 'price_1TeamMonthly',
      stripeYearlyPriceId: 'price_1TeamYearly',
      text: { en: { description: 'For a test.', features: ['800 pages per month'] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = ZAdminPlan.parse(created.json());
    expect(plan).toMatchObject({ apiAccess: true, webhooks: false, faxToEmail: true, maxUsers: 5, faxNumbersIncluded: 2 });
    expect(plan).toMatchObject({ stripeMonthlyPriceId: 'price_1TeamMonthly', stripeYearlyPriceId: 'price_1TeamYearly' });

    const bad = await call('PUT', `/api/admin/plans/${plan.id}`, { ...adminPlanInputOf(plan), stripeMonthlyPriceId: 'prod_123', maxUsers: 0 });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).issues!.map((issue) => issue.path).sort()).toEqual(['body.maxUsers', 'body.stripeMonthlyPriceId']);

    // The form sent back without the price ids keeps them; unlimited users is null.
    const edited = await call('PUT', `/api/admin/plans/${plan.id}`, { ...adminPlanInputOf(plan), webhooks: true, maxUsers: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ZAdminPlan.parse(edited.json())).toMatchObject({ webhooks: true, maxUsers: null, stripeMonthlyPriceId: 'price_1TeamMonthly' });
  });

  it('creates a plan’s product and prices in Stripe, names them on the plan, and sells it at them', async () => {
    const call = await admin();
    const professional = await planBySlug(call, 'professional');
    const priced = await call('POST', `/api/admin/plans/${professional.id}/stripe-prices`);
    expect(priced.statusCode, priced.body).toBe(200);
    const plan = ZAdminPlan.parse(priced.json());
    expect(plan.stripeMonthlyPriceId).toMatch(/^price_/);
    expect(plan.stripeYearlyPriceId).toMatch(/^price_/);

    const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: simulator.port, protocol: 'http' });
    const monthly = await stripe.prices.retrieve(plan.stripeMonthlyPriceId!);
    const yearly = await stripe.prices.retrieve(plan.stripeYearlyPriceId!);
    expect([monthly.unit_amount, monthly.recurring?.interval, monthly.currency]).toEqual([1999, 'month', 'usd']);
    expect([yearly.unit_amount, yearly.recurring?.interval]).toEqual([1599 * 12, 'year']);
    expect((await stripe.products.retrieve(monthly.product as string)).name).toBe('Professional');

    // What a checkout for it is sold at.
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const checkout = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId: plan.id, interval: 'year' } });
    expect(checkout.statusCode, checkout.body).toBe(200);

    const enterprise = await planBySlug(call, 'enterprise');
    const onRequest = await call('POST', `/api/admin/plans/${enterprise.id}/stripe-prices`);
    expect(onRequest.statusCode).toBe(409);
    expect(errorOf(onRequest).code).toBe('errors.planPricedOnRequest');
    expect((await planBySlug(call, 'enterprise')).stripeMonthlyPriceId).toBeNull();
  });

  it('says when Stripe is not set up on this server', async () => {
    const other = await openTestApp({ sharing: { env: t.env } });
    try {
      const { cookie } = await adminSession(other);
      const answer = await callApi(other.app, 'POST', `/api/admin/plans/${planIds.business}/stripe-prices`, {
        cookie,
        remoteAddress: someClientAddress(),
      });
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer).code).toBe('errors.stripeNotSetUp');
    } finally {
      await other.close();
    }
  });
});

describe('the support content', () => {
  it('answers plans, cancelling, invoices and refunds in every language, seeded once', async () => {
    expect(await seedBillingFaqs(t.db)).toBe(true);
    expect(await seedBillingFaqs(t.db)).toBe(false);
    const faqs = async (language: string) =>
      ZFaqsResponse.parse((await t.app.inject({ method: 'GET', url: `/api/faqs?language=${language}` })).json()).faqs;
    const en = await faqs('en');
    expect(en.filter((faq) => faq.category === 'Billing').map((faq) => faq.question)).toEqual([
      'Which plan should I choose?',
      'How do I cancel my plan or subscription?',
      'Where are my invoices?',
      'Can I get a refund?',
    ]);
    expect(en.find((faq) => faq.question.startsWith('How do I cancel'))!.answer).toMatch(/\/user\/billing.*end of the period/s);
    expect((await faqs('es')).some((faq) => faq.question === '¿Cómo cancelo mi plan o suscripción?')).toBe(true);
    expect((await faqs('fr')).some((faq) => faq.question === 'Où sont mes factures ?')).toBe(true);
  });
});
