import { DEFAULT_SETTINGS, ZApiError, ZFaxNumbersResponse, ZSendFaxResponse, ZSettings, ZUsage } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { users } from '../../src/auth/schema';
import { faxNumbers } from '../../src/numbers/schema';
import { makePdf } from '@test-support/factories/documents';
import { createUser } from '@test-support/factories/accounts';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, callApi, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload });

describe('settings', () => {
  it("start at the spec's defaults, are saved on the server, and stay across sessions", async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    expect(ZSettings.parse((await call('GET', '/api/settings', cookie)).json())).toEqual(DEFAULT_SETTINGS);
    const wanted = {
      faxReceived: false,
      faxSentConfirmation: true,
      promotionalOffers: true,
      serviceNotices: false,
      defaultFaxQuality: 'superfine' as const,
    };
    expect((await call('PUT', '/api/settings', cookie, wanted)).json()).toEqual(wanted);
    const elsewhere = await signIn(t.app, person.email);
    expect((await call('GET', '/api/settings', elsewhere)).json()).toEqual(wanted);
    // A client that does not know the service notices yet leaves them as the person chose.
    const { serviceNotices: _kept, ...older } = wanted;
    expect((await call('PUT', '/api/settings', cookie, older)).json()).toEqual(wanted);
    expect((await call('PUT', '/api/settings', cookie, { ...wanted, defaultFaxQuality: 'ultra' })).statusCode).toBe(400);
  });
});

describe('usage', () => {
  it("counts the month's pages against the plan", async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const before = ZUsage.parse((await call('GET', '/api/usage', cookie)).json());
    expect(before).toMatchObject({ plan: { name: 'Basic', pagesPerMonth: 150 }, pagesUsed: 0 });
    const { faxId } = ZSendFaxResponse.parse(
      (
        await sendFaxRequest(t.app, cookie, { recipientNumber: '+12025550143', faxQuality: 'fine' }, [
          { name: 'a.pdf', bytes: await makePdf(3) },
        ])
      ).json(),
    );
    await expect
      .poll(async () => (await call('GET', `/api/faxes/${faxId}`, cookie)).json().status, { timeout: 60_000, interval: 250 })
      .toBe('delivered');
    expect(ZUsage.parse((await call('GET', '/api/usage', cookie)).json()).pagesUsed).toBe(3);
  }, 90_000);
});

describe('deleting the account', () => {
  it("needs the owner's password, then removes people, faxes and documents, frees the numbers and keeps the audit", async () => {
    const owner = await createUser(t);
    const cookie = await signIn(t.app, owner.email);
    const [number] = ZFaxNumbersResponse.parse((await call('GET', '/api/numbers', cookie)).json()).numbers;
    await sendFaxRequest(
      t.app,
      cookie,
      { recipientNumber: '+12025550143', faxQuality: 'fine', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
      [{ name: 'a.pdf', bytes: await makePdf(1) }],
    );

    const wrong = await call('DELETE', '/api/account', cookie, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(401);
    expect(ZApiError.parse(wrong.json()).error.message).toBe('Incorrect password. Please try again.');

    expect((await call('DELETE', '/api/account', cookie, { password: owner.password })).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()).toEqual({ session: null });
    const [freed] = await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, number!.phoneNumber));
    expect(freed).toMatchObject({ status: 'available', accountId: null });
    const faxesLeft = await t.db.execute(sql`select count(*)::int as n from faxes where user_id = ${owner.id}`);
    expect(faxesLeft.rows[0]).toEqual({ n: 0 });
    const trail = await t.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, owner.id));
    expect(trail.map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([
        ['fax.send', 'success'],
        ['account.delete', 'denied'],
        ['account.delete', 'success'],
      ]),
    );
  });
});
