import {
  ZAdminPlan,
  ZAdminPlansResponse,
  ZInternationalRate,
  ZInternationalRatesResponse,
  ZPlansResponse,
  type TAdminPlanInput,
} from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { unique } from '@test-support/factories/values';
import { adminPlanInputOf } from '../support/admin-plans';
import { callApi, errorOf, openAdminTestApp, signIn, someClientAddress, type AdminTestApp } from '../support/test-app';

let t: AdminTestApp;
beforeAll(async () => {
  t = await openAdminTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'en') =>
  callApi(t.app, method, url, { cookie: t.cookie, payload, language, remoteAddress: someClientAddress() });

const publicPlans = async () => ZPlansResponse.parse((await t.app.inject({ method: 'GET', url: '/api/plans' })).json()).plans;

const newPlan = (overrides: Partial<TAdminPlanInput> = {}): TAdminPlanInput => ({
  name: unique('Plan'),
  monthlyPriceCents: 2500,
  pagesPerMonth: 300,
  text: { en: { description: 'For a test.', features: ['300 pages per month', 'Email to fax'] } },
  ...overrides,
});

async function adminPlan(id: string) {
  const { plans } = ZAdminPlansResponse.parse((await call('GET', '/api/admin/plans')).json());
  return plans.find((p) => p.id === id)!;
}

async function create(overrides: Partial<TAdminPlanInput> = {}) {
  const response = await call('POST', '/api/admin/plans', newPlan(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return ZAdminPlan.parse(response.json());
}

describe('GET /api/admin/plans', () => {
  it('lists the whole catalogue, archived plans too, with the accounts on each', async () => {
    await createUser(t); // a sign-up goes on Basic
    const archived = await create();
    await call('POST', `/api/admin/plans/${archived.id}/archive`);

    const response = await call('GET', '/api/admin/plans');
    expect(response.statusCode).toBe(200);
    const { plans } = ZAdminPlansResponse.parse(response.json());
    expect(plans.slice(0, 6).map((p) => [p.name, p.apiRequestsPerMinute])).toEqual([
      ['Basic', 100],
      ['Professional', 300],
      ['Business', 1000],
      ['Enterprise', 3000],
      ['HIPAA Basic', 100],
      ['HIPAA Plus', 300],
    ]);
    expect(plans.find((p) => p.slug === 'basic')!.accountCount).toBeGreaterThanOrEqual(2);
    expect(plans.find((p) => p.slug === 'enterprise')!.accountCount).toBe(0);
    expect(plans.find((p) => p.id === archived.id)!.archivedAt).not.toBeNull();
  });
});

describe('POST /api/admin/plans', () => {
  it('adds a plan at the end of the catalogue, on /api/plans at once; yearly is 20% off unless given', async () => {
    const plan = await create({ name: 'Clinic Pro', category: 'healthcare', isHipaa: true, isPopular: true });
    expect(plan).toMatchObject({
      slug: 'clinic-pro',
      currency: 'USD',
      monthlyPriceCents: 2500,
      yearlyMonthlyPriceCents: 2000,
      pagesPerMonth: 300,
      apiRequestsPerMinute: 100, // spec 000 §9's default, when the form leaves it out
      isHipaa: true,
      isPopular: true,
      archivedAt: null,
      accountCount: 0,
    });
    const onSale = await publicPlans();
    expect(onSale.at(-1)!.id).toBe(plan.id);

    const yearly = await create({ name: 'Clinic Pro', yearlyMonthlyPriceCents: 1999 });
    expect(yearly.slug).toBe('clinic-pro-2');
    expect(yearly.yearlyMonthlyPriceCents).toBe(1999);
  });

  it('gives Spanish and French the English text unless they are written', async () => {
    const english = { description: 'For a test.', features: ['Email to fax'] };
    const spanish = { description: 'Para una prueba.', features: ['Correo a fax'] };
    const plan = await create({ text: { en: english, es: spanish, fr: { description: '', features: [] } } });
    expect(plan.text).toEqual({ en: english, es: spanish, fr: english });
  });

  it('stores a plan priced on request without price or page limit', async () => {
    const plan = await create({ pricedOnRequest: true, monthlyPriceCents: null, pagesPerMonth: null });
    expect([plan.monthlyPriceCents, plan.yearlyMonthlyPriceCents, plan.pagesPerMonth]).toEqual([null, null, null]);
  });

  it('requires name, price and pages per month (spec 001 §5), in the caller’s language', async () => {
    const cases: Array<[object, string]> = [
      [{ ...newPlan(), name: '  ' }, "Please enter the plan's name."],
      [{ ...newPlan(), monthlyPriceCents: null }, 'The monthly price is required.'],
      [{ ...newPlan(), pagesPerMonth: undefined }, 'Pages per month are required.'],
      [{ ...newPlan(), monthlyPriceCents: 19.5 }, 'A price is a whole number of cents from 0 to 10000000.'],
      [{ ...newPlan(), monthlyPriceCents: -1 }, 'A price is a whole number of cents from 0 to 10000000.'],
      [{ ...newPlan(), pagesPerMonth: 0 }, 'Pages per month must be a whole number from 1 to 1000000.'],
      [{ ...newPlan(), yearlyMonthlyPriceCents: 2600 }, 'The yearly price per month cannot be higher than the monthly price.'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/admin/plans', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).message).toContain(message);
    }
    const spanish = await call('POST', '/api/admin/plans', { ...newPlan(), monthlyPriceCents: null }, 'es');
    expect(errorOf(spanish).message).toContain('El precio mensual es obligatorio.');
  });
});

describe('PUT /api/admin/plans/:id', () => {
  it('changes a plan (the slug stays); /api/plans shows the new price at once; the change is audited', async () => {
    const plan = await create();
    const response = await call('PUT', `/api/admin/plans/${plan.id}`, newPlan({ name: plan.name, monthlyPriceCents: 3100 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(ZAdminPlan.parse(response.json())).toMatchObject({ slug: plan.slug, monthlyPriceCents: 3100, yearlyMonthlyPriceCents: 2480 });
    expect((await publicPlans()).find((p) => p.id === plan.id)?.monthlyPriceCents).toBe(3100);

    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plan.update'), eq(auditEvents.objectId, plan.id)));
    expect(event).toMatchObject({ actorUserId: t.admin.id, objectType: 'plan', outcome: 'success' });
    expect(event!.details).toMatchObject({ changes: { monthlyPriceCents: { from: 2500, to: 3100 } } });
  });

  it('sets the API requests per minute of the plan’s keys (spec 000 §9: varying by plan); the change is audited', async () => {
    const plan = await create();
    const response = await call('PUT', `/api/admin/plans/${plan.id}`, { ...adminPlanInputOf(plan), apiRequestsPerMinute: 250 });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZAdminPlan.parse(response.json()).apiRequestsPerMinute).toBe(250);
    expect((await adminPlan(plan.id)).apiRequestsPerMinute).toBe(250);
    expect((await publicPlans()).find((p) => p.id === plan.id)?.apiRequestsPerMinute).toBe(250);

    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plan.update'), eq(auditEvents.objectId, plan.id)));
    expect(event!.details).toEqual({ name: plan.name, changes: { apiRequestsPerMinute: { from: 100, to: 250 } } });
  });

  it('sets the price of a page beyond the plan (decision 093), audited, and refuses one out of range in the caller’s language', async () => {
    const plan = await create();
    expect(plan.overageCentsPerPage).toBeNull();
    const priced = await call('PUT', `/api/admin/plans/${plan.id}`, { ...adminPlanInputOf(plan), overageCentsPerPage: 12 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await adminPlan(plan.id)).overageCentsPerPage).toBe(12);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plan.update'), eq(auditEvents.objectId, plan.id)));
    expect(event!.details).toEqual({ name: plan.name, changes: { overageCentsPerPage: { from: null, to: 12 } } });
    for (const overageCentsPerPage of [0, 1_001, 2.5, '12']) {
      const refused = await call('PUT', `/api/admin/plans/${plan.id}`, { ...adminPlanInputOf(plan), overageCentsPerPage }, 'es');
      expect(refused.statusCode, String(overageCentsPerPage)).toBe(400);
      expect(errorOf(refused).message).toContain('El precio por página fuera del plan debe estar entre 0,01 y 10,00');
    }
    expect((await adminPlan(plan.id)).overageCentsPerPage).toBe(12);
  });

  it('refuses API requests per minute outside 10 to 100,000, in the caller’s language, and changes nothing', async () => {
    const plan = await create({ apiRequestsPerMinute: 500 });
    for (const apiRequestsPerMinute of [9, 100_001, 12.5, 0, -100, '300', null]) {
      const response = await call('PUT', `/api/admin/plans/${plan.id}`, { ...adminPlanInputOf(plan), apiRequestsPerMinute });
      expect(response.statusCode, String(apiRequestsPerMinute)).toBe(400);
      expect(errorOf(response).message).toContain('API requests per minute must be a whole number from 10 to 100,000.');
    }
    const french = await call('POST', '/api/admin/plans', newPlan({ apiRequestsPerMinute: 5 }), 'fr');
    expect(french.statusCode).toBe(400);
    expect(errorOf(french).message).toContain('Le nombre de requêtes API par minute doit être un entier compris entre 10 et 100');
    expect(await adminPlan(plan.id)).toEqual(plan);
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plan.update'), eq(auditEvents.objectId, plan.id)));
    expect(audited).toEqual([]);
  });

  it('answers 404 for a plan that does not exist, and 400 for a bad form', async () => {
    const missing = await call('PUT', '/api/admin/plans/no-such-plan', newPlan());
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('This plan does not exist.');
    const plan = await create();
    expect((await call('PUT', `/api/admin/plans/${plan.id}`, { ...newPlan(), name: '' })).statusCode).toBe(400);
  });
});

describe('archive, restore and delete', () => {
  it('archives a plan off the public pages and restores it', async () => {
    const plan = await create();
    const archived = await call('POST', `/api/admin/plans/${plan.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(ZAdminPlan.parse(archived.json()).archivedAt).not.toBeNull();
    expect((await publicPlans()).map((p) => p.id)).not.toContain(plan.id);

    const restored = await call('POST', `/api/admin/plans/${plan.id}/restore`);
    expect(ZAdminPlan.parse(restored.json()).archivedAt).toBeNull();
    expect((await publicPlans()).map((p) => p.id)).toContain(plan.id);
  });

  it('refuses to delete a plan in use (409, archive instead) and deletes one nobody uses', async () => {
    const plan = await create();
    await createAccount(t, { plan: { id: plan.id } });

    const refused = await call('DELETE', `/api/admin/plans/${plan.id}`, undefined, 'fr');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'Ce forfait est utilisé (comptes concernés : 1) et ne peut pas être supprimé. Archivez-le plutôt.',
    );
    expect((await call('POST', `/api/admin/plans/${plan.id}/archive`)).statusCode).toBe(200);

    const unused = await create();
    const deleted = await call('DELETE', `/api/admin/plans/${unused.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/plans/${unused.id}`)).statusCode).toBe(404);
    const { plans } = ZAdminPlansResponse.parse((await call('GET', '/api/admin/plans')).json());
    expect(plans.map((p) => p.id)).toContain(plan.id);
    expect(plans.map((p) => p.id)).not.toContain(unused.id);
  });

  it('keeps the plan new accounts start on', async () => {
    const { plans } = ZAdminPlansResponse.parse((await call('GET', '/api/admin/plans')).json());
    const basic = plans.find((p) => p.slug === 'basic')!;
    const refused = await call('DELETE', `/api/admin/plans/${basic.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('New accounts start on this plan, so it cannot be deleted.');
  });
});

describe('/api/admin/international-rates (decision 096)', () => {
  const rates = async () => ZInternationalRatesResponse.parse((await call('GET', '/api/admin/international-rates')).json()).rates;

  it("lists the seeded rates, the spec's examples among them, each with its calling code, the same to everyone", async () => {
    expect(await rates()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ country: 'GB', callingCode: '+44', centsPerPage: 5, currency: 'USD' }),
        expect.objectContaining({ country: 'DE', callingCode: '+49', centsPerPage: 6, currency: 'USD' }),
      ]),
    );
    // /support reads the same table, signed out.
    const everyone = await t.app.inject({ method: 'GET', url: '/api/international-rates' });
    expect(everyone.statusCode).toBe(200);
    expect(ZInternationalRatesResponse.parse(everyone.json()).rates).toEqual(await rates());
  });

  it('adds, changes and removes a country, each audited with the price before and after', async () => {
    const added = await call('PUT', '/api/admin/international-rates/pt', { centsPerPage: 7 });
    expect(added.statusCode, added.body).toBe(200);
    expect(ZInternationalRate.parse(added.json())).toMatchObject({ country: 'PT', callingCode: '+351', centsPerPage: 7 });
    expect((await call('PUT', '/api/admin/international-rates/PT', { centsPerPage: 9 })).statusCode).toBe(200);
    expect((await rates()).find((rate) => rate.country === 'PT')?.centsPerPage).toBe(9);
    expect((await call('DELETE', '/api/admin/international-rates/PT')).statusCode).toBe(200);
    expect((await rates()).map((rate) => rate.country)).not.toContain('PT');
    expect((await call('DELETE', '/api/admin/international-rates/PT', undefined, 'es')).statusCode).toBe(404);

    const audit = await t.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'international_rate'), eq(auditEvents.objectId, 'PT')))
      .orderBy(auditEvents.id);
    expect(audit).toEqual([
      { action: 'international_rate.create', details: expect.objectContaining({ from: null, to: 7 }) },
      { action: 'international_rate.update', details: expect.objectContaining({ from: 7, to: 9 }) },
      { action: 'international_rate.delete', details: expect.objectContaining({ from: 9 }) },
    ]);
  });

  it('refuses a +1 country, an unknown one and a price out of range with a translated 400 that changes nothing', async () => {
    const before = await rates();
    const canada = await call('PUT', '/api/admin/international-rates/CA', { centsPerPage: 5 }, 'fr');
    expect(canada.statusCode).toBe(400);
    expect(errorOf(canada).message).toContain("hors d'Amérique du Nord");
    expect((await call('PUT', '/api/admin/international-rates/XX', { centsPerPage: 5 })).statusCode).toBe(400);
    const free = await call('PUT', '/api/admin/international-rates/GB', { centsPerPage: 0 }, 'es');
    expect(free.statusCode).toBe(400);
    expect(errorOf(free).message).toContain('entre 0,01 y 10,00');
    expect((await call('PUT', '/api/admin/international-rates/GB', { centsPerPage: 1001 })).statusCode).toBe(400);
    expect(await rates()).toEqual(before);
  });

  it('is for the back office only: a customer gets 403 and changes nothing', async () => {
    const customer = await createAccount(t);
    const cookie = await signIn(t.app, customer.owner.email);
    const refused = await callApi(t.app, 'PUT', '/api/admin/international-rates/GB', { cookie, payload: { centsPerPage: 1 } });
    expect(refused.statusCode).toBe(403);
    expect((await rates()).find((rate) => rate.country === 'GB')?.centsPerPage).toBe(5);
  });
});
