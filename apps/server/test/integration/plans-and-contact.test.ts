import { ZApiError, ZContactResponse, ZPlansResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlanCatalogue } from '../../src/plans/catalogue-seed';
import { plans } from '../../src/plans/schema';
import { supportTickets } from '../../src/tickets/schema';
import { TEST_ORIGIN, openTestApp, someClientAddress, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

describe('GET /api/plans', () => {
  it('serves the starting catalogue: four standard plans and two healthcare plans, yearly saving 20%', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const { plans: catalogue } = ZPlansResponse.parse(response.json());
    expect(catalogue.map((p) => [p.name, p.category, p.monthlyPriceCents, p.yearlyMonthlyPriceCents, p.pagesPerMonth])).toEqual([
      ['Basic', 'standard', 999, 799, 150],
      ['Professional', 'standard', 1999, 1599, 500],
      ['Business', 'standard', 4999, 3999, 2000],
      ['Enterprise', 'standard', null, null, null],
      ['HIPAA Basic', 'healthcare', 1495, 1196, 200],
      ['HIPAA Plus', 'healthcare', 2995, 2396, 750],
    ]);
    expect(catalogue.filter((p) => p.isPopular).map((p) => p.name)).toEqual(['Professional', 'HIPAA Plus']);
    expect(catalogue.find((p) => p.slug === 'hipaa-basic')?.text.fr.features).toContain('Journaux d’audit');
  });

  it('leaves archived plans out, and seeds the catalogue only once', async () => {
    await t.db.update(plans).set({ archivedAt: new Date() }).where(eq(plans.slug, 'business'));
    // Written here, not through the API: the catalogue in memory hears of it by the database's notification, which a
    // busy machine delivers after the next request unless it is waited for (the API's own writes wait for it).
    await t.env.notifications.caughtUp();
    expect(await seedPlanCatalogue(t.db)).toBe(false);
    const { plans: catalogue } = ZPlansResponse.parse((await t.app.inject({ method: 'GET', url: '/api/plans' })).json());
    expect(catalogue.map((p) => p.slug)).not.toContain('business');
    expect(catalogue).toHaveLength(5);
  });
});

describe('POST /api/contact', () => {
  const message = {
    name: 'Dr. Ana Ruiz',
    email: 'Ana.Ruiz@Clinic.example',
    subject: 'BAA for our clinic',
    department: 'sales',
    message: 'Do you sign a BAA?',
  };
  const send = (payload: object, address = someClientAddress(), language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      headers: { origin: TEST_ORIGIN, 'accept-language': language },
      remoteAddress: address,
    });

  it('stores the message as an open support ticket', async () => {
    const response = await send(message, someClientAddress(), 'es');
    expect(response.statusCode, response.body).toBe(201);
    const { ticketId } = ZContactResponse.parse(response.json());
    const [ticket] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(ticket).toMatchObject({
      source: 'contact_form',
      status: 'open',
      department: 'sales',
      email: 'ana.ruiz@clinic.example',
      language: 'es',
    });
  });

  it('refuses a missing field with a translated message, storing nothing', async () => {
    const before = (await t.db.select().from(supportTickets)).length;
    const response = await send({ ...message, department: 'marketing', subject: '' }, someClientAddress(), 'fr');
    expect(response.statusCode).toBe(400);
    expect(ZApiError.parse(response.json()).error.issues?.map((i) => i.message)).toContain('Ce champ est obligatoire.');
    expect(await t.db.select().from(supportTickets)).toHaveLength(before);
  });

  it('limits each address to 5 messages an hour', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await send(message, '192.0.2.44')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
});
