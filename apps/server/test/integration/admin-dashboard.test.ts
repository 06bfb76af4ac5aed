import { ZAdminDashboard, type TAdminDashboard } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/auth/schema';
import { fixedClock, setClock } from '../../src/platform/clock';
import { createUser } from '@test-support/factories/accounts';
import { createFaxes, type FaxRow, type NewFax } from '@test-support/factories/faxes';
import { openTestApp, adminSession, type TestApp } from '../support/test-app';

let t: TestApp;
let cookie: string;
let accountId: string;

beforeAll(async () => {
  t = await openTestApp();
  const session = await adminSession(t);
  cookie = session.cookie;
  accountId = session.person.accountId;
}, 120_000);
afterAll(async () => {
  setClock();
  await t.close();
});

async function figures(): Promise<TAdminDashboard> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminDashboard.parse(response.json());
}

const fax = (overrides: Partial<FaxRow>): NewFax => ({ accountId, ...overrides });

describe('GET /api/admin/dashboard (spec 001 §2.11 stat cards, from real data)', () => {
  it('counts people, faxes today and this month, failures and pages', async () => {
    const now = new Date();
    // The route reads this instant too: a run that crosses midnight still speaks of one day.
    setClock(fixedClock(now));
    const before = await figures();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    expect(before.monthStart).toBe(monthStart.toISOString());
    expect(before.dayStart).toBe(dayStart.toISOString());
    // Earlier this month but not today, when today is not the 1st (then "earlier this month" is today).
    const earlierThisMonth = dayStart.getTime() > monthStart.getTime() ? new Date(dayStart.getTime() - 1000) : now;
    const lastMonth = new Date(monthStart.getTime() - 1000);

    // A person who joined this month, and one who joined before.
    await createUser(t, { name: 'New this month' });
    const old = await createUser(t, { name: 'Joined long ago' });
    await t.db.update(users).set({ createdAt: lastMonth }).where(eq(users.id, old.id));

    await createFaxes(t.db, [
      fax({ pages: 3 }), // sent today
      fax({ direction: 'inbound', status: 'received', fromNumber: '+12025550100', pages: 2 }), // received today
      fax({ status: 'failed', failureReason: 'busy', pages: 4 }), // failed today: no pages
      fax({ status: 'canceled', pages: 5 }), // canceled: no pages
      fax({ pages: 6, createdAt: earlierThisMonth }),
      fax({ status: 'partially_delivered', pages: 4, pagesSent: 1 }), // 1 page of 4 confirmed: counts 1
      fax({ direction: 'inbound', status: 'received', pages: 7, createdAt: lastMonth }), // last month: not counted
    ]);

    const after = await figures();
    const todayIsFirst = earlierThisMonth === now;
    expect(after.people.total - before.people.total).toBe(2);
    expect(after.people.newThisMonth - before.people.newThisMonth).toBe(1);
    expect(after.faxesToday.sent - before.faxesToday.sent).toBe(todayIsFirst ? 5 : 4);
    expect(after.faxesToday.received - before.faxesToday.received).toBe(1);
    expect(after.faxesThisMonth.sent - before.faxesThisMonth.sent).toBe(5);
    expect(after.faxesThisMonth.received - before.faxesThisMonth.received).toBe(1);
    expect(after.faxesThisMonth.failed - before.faxesThisMonth.failed).toBe(1);
    expect(after.faxesThisMonth.pages - before.faxesThisMonth.pages).toBe(3 + 2 + 6 + 1);
    // In development and tests the sandbox takes every number outside Faxline, and the dashboard says so.
    expect(after.lines).toEqual([
      { name: 'internal', serves: 'faxline-numbers', health: null },
      { name: 'sandbox', serves: 'outside-numbers', health: null },
    ]);
  });
});
