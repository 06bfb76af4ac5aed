import {
  NUMBER_QUARANTINE_DAYS,
  ZAccountNumbers,
  ZAvailableNumbersResponse,
  ZCheckoutResponse,
  ZInboxList,
  ZReleasedAccountNumber,
  type TAccountNumbers,
} from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTelnyxSimulator, type TelnyxSimulator } from '@test-support/carriers/telnyx';
import { createAccount } from '@test-support/factories/accounts';
import { auditEvents } from '../../src/audit/schema';
import { chargeAllExtraNumbers } from '../../src/billing/extra-numbers';
import { numberCharges } from '../../src/billing/number-charges-schema';
import { subscriptions } from '../../src/billing/schema';
import type { StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { assignNumberToAccount } from '../../src/numbers/assign-number-to-account';
import { faxNumbers } from '../../src/numbers/schema';
import { fixedClock, setClock } from '../../src/platform/clock';
import { openAppWithStripe, sellPlanAtStripe } from '../support/stripe-billing';
import { adminSession, callApi, errorOf, signIn, type TestApp } from '../support/test-app';
import { until } from '../support/until';

// Numbers a customer chooses (decision 112): searched by country and area code in the inventory and at the carriers,
// added within the plan's allowance (beyond it, each month billed through the payment provider's interface, here the
// Stripe simulator), released into a quarantine nobody passes for 30 days (by the test clock), named (inbox, station
// id); the owner alone, on the server.

const DAY_MS = 86_400_000;
let t: TestApp;
let simulator: StripeSimulator;
let stripe: Stripe;
let telnyx: TelnyxSimulator;
let professionalId: string;

beforeAll(async () => {
  telnyx = await startTelnyxSimulator();
  ({ t, simulator, stripe } = await openAppWithStripe(
    { secretKey: 'sk_test_faxline', webhookSecret: 'whsec_faxlinetest' },
    {
      TELNYX_API_URL: telnyx.url,
      TELNYX_API_KEY: telnyx.apiKey,
      TELNYX_CONNECTION_ID: telnyx.connectionId,
      TELNYX_PUBLIC_KEY: telnyx.publicKey,
    },
  ));
  professionalId = (await sellPlanAtStripe(t.db, stripe, 'professional')).plan.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
  await telnyx?.close();
});
afterEach(() => setClock());

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, language = 'en') =>
  callApi(t.app, method, url, { cookie, payload, language });

async function numbersOf(cookie: string): Promise<TAccountNumbers> {
  const answer = await call(cookie, 'GET', '/api/account-numbers');
  expect(answer.statusCode, answer.body).toBe(200);
  return ZAccountNumbers.parse(answer.json());
}

async function search(cookie: string, query: string) {
  const answer = await call(cookie, 'GET', `/api/account-numbers/available?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return ZAvailableNumbersResponse.parse(answer.json());
}

/** Pays for Professional monthly as the owner would, through the simulator's checkout; resolves once Faxline applied it. */
async function subscribe(cookie: string) {
  const answer = await call(cookie, 'POST', '/api/billing/checkout', { planId: professionalId, interval: 'month' });
  expect(answer.statusCode, answer.body).toBe(200);
  const { url } = ZCheckoutResponse.parse(answer.json());
  const paid = await fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ outcome: 'succeed' }), redirect: 'manual' });
  expect(paid.status).toBe(303);
  await until(
    () => numbersOf(cookie),
    (n) => n.allowance.extraCentsPerMonth !== null,
    'the subscription applied',
  );
}

/** An owner signed in, with the number every new account gets. */
async function customer() {
  const account = await createAccount(t);
  return { account, cookie: await signIn(t.app, account.owner.email) };
}

describe('numbers a customer chooses', () => {
  it("is the owner's alone: a sub-admin, a User and a Billing member are refused every route", async () => {
    const account = await createAccount(t, { members: [{ role: 'admin' }, { role: 'user' }, { role: 'billing' }] });
    const [held] = (await numbersOf(await signIn(t.app, account.owner.email))).numbers;
    for (const member of account.members) {
      const cookie = await signIn(t.app, member.email);
      for (const [method, url, payload] of [
        ['GET', '/api/account-numbers'],
        ['GET', '/api/account-numbers/available?country=US&areaCode=415'],
        ['POST', '/api/account-numbers', { phoneNumber: '+14155550199' }],
        ['PATCH', `/api/account-numbers/${held!.id}`, { stationId: '1' }],
        ['POST', `/api/account-numbers/${held!.id}/release`],
      ] as const) {
        const answer = await call(cookie, method, url, payload);
        expect(answer.statusCode, `${member.email} ${method} ${url}`).toBe(403);
      }
    }
    expect((await numbersOf(await signIn(t.app, account.owner.email))).numbers).toHaveLength(1);
    expect((await callApi(t.app, 'GET', '/api/account-numbers')).statusCode).toBe(401);
  });

  it("finds numbers by country and area code in the inventory and at the carriers, and refuses bad criteria in the reader's language", async () => {
    const { cookie } = await customer();
    const found = await search(cookie, 'country=us&areaCode=415');
    const inventory = found.numbers.filter((n) => n.carrier === null);
    expect(inventory.length).toBe(20);
    expect(inventory.every((n) => /^\+1415555\d{4}$/.test(n.phoneNumber))).toBe(true);
    // A number is offered once, from the inventory when it has it (Telnyx sells some of the same 415 numbers).
    expect(new Set(found.numbers.map((n) => n.phoneNumber)).size).toBe(found.numbers.length);
    expect(found.unavailableCarriers).toEqual([]);
    // Another area code: none of the inventory's (all in 415), only the carrier's, with where they are.
    const newYork = await search(cookie, 'country=US&areaCode=212');
    expect(newYork.numbers.length).toBeGreaterThan(0);
    expect(newYork.numbers.every((n) => n.carrier === 'telnyx' && n.phoneNumber.startsWith('+1212') && n.locality !== null)).toBe(true);
    // Elsewhere in the world, by the country's calling code: London at the carrier, none in the inventory.
    const london = await search(cookie, 'country=GB&areaCode=20');
    expect(london.numbers.length).toBeGreaterThan(0);
    expect(london.numbers.every((n) => n.phoneNumber.startsWith('+4420'))).toBe(true);

    const bad = await call(cookie, 'GET', '/api/account-numbers/available?country=USA&areaCode=4x', undefined, 'es');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/código ISO|país/i);
  });

  it('adds a number within the allowance only: past it, a plan without an invoice to bill on is refused with the way to a bigger plan', async () => {
    const { account, cookie } = await customer();
    const before = await numbersOf(cookie);
    expect(before.allowance).toMatchObject({ included: 1, extraCentsPerMonth: null });
    const [wanted] = (await search(cookie, 'country=US&areaCode=415')).numbers;
    const refused = await call(cookie, 'POST', '/api/account-numbers', { phoneNumber: wanted!.phoneNumber }, 'fr');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'errors.numberAllowanceReached' });
    expect(errorOf(refused).message).toMatch(/inclut 1 numéros de fax/);
    expect(refused.json()).toMatchObject({ error: { upgradeUrl: '/user/billing' } });
    const [row] = await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, wanted!.phoneNumber));
    expect(row).toMatchObject({ status: 'available', accountId: null });
    expect((await numbersOf(cookie)).numbers.map((n) => n.phoneNumber)).toEqual([account.number]);
  });

  it('beyond the allowance on a paid plan: added, its first month billed on the next invoice at once, each month after by the daily sweep, once', async () => {
    const { account, cookie } = await customer();
    await subscribe(cookie);
    const [wanted] = (await search(cookie, 'country=US&areaCode=415')).numbers.filter((n) => n.carrier === null);
    const added = await call(cookie, 'POST', '/api/account-numbers', { phoneNumber: wanted!.phoneNumber });
    expect(added.statusCode, added.body).toBe(201);
    const list = ZAccountNumbers.parse(added.json());
    expect(list.numbers.map((n) => [n.phoneNumber, n.extra])).toEqual([
      [account.number, false],
      [wanted!.phoneNumber, true],
    ]);
    expect(list.allowance).toMatchObject({ included: 1, extraCentsPerMonth: 500, currency: 'USD' });

    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id));
    const pendingItems = async () =>
      (await stripe.invoiceItems.list({ customer: subscription!.customerId, pending: true })).data.filter((item) =>
        item.description?.includes(wanted!.phoneNumber),
      );
    const [first] = await until(pendingItems, (items) => items.length === 1, 'the first month at Stripe');
    expect(first).toMatchObject({ amount: 500, currency: 'usd' });

    // A month and a day later, by the test clock: the sweep charges the second month once, however often it runs.
    const addedAt = Date.parse(list.numbers[1]!.assignedAt!);
    setClock(fixedClock(new Date(addedAt + 32 * DAY_MS)));
    await chargeAllExtraNumbers(t.db, t.env.queue, new Date(addedAt + 32 * DAY_MS));
    await chargeAllExtraNumbers(t.db, t.env.queue, new Date(addedAt + 33 * DAY_MS));
    const items = await until(pendingItems, (found) => found.length === 2, 'the second month at Stripe');
    expect(items.map((item) => item.amount)).toEqual([500, 500]);
    // The job writes the item's id after Stripe answered, so the row may trail the item by a moment.
    const months = await until(
      () => t.db.select().from(numberCharges).where(eq(numberCharges.accountId, account.id)),
      (rows) => rows.every((month) => month.itemId !== null),
      'both months recorded with their Stripe items',
    );
    expect(months).toHaveLength(2);
    expect(months.every((month) => month.itemId?.startsWith('ii_'))).toBe(true);
    // The included number is never charged.
    expect(months.every((month) => month.phoneNumber === wanted!.phoneNumber)).toBe(true);
  });

  it("buys a carrier's number when the owner adds it, pointed at Faxline", async () => {
    const { account, cookie } = await customer();
    await subscribe(cookie);
    const [offer] = (await search(cookie, 'country=US&areaCode=212')).numbers;
    const added = await call(cookie, 'POST', '/api/account-numbers', { phoneNumber: offer!.phoneNumber, carrier: 'telnyx' });
    expect(added.statusCode, added.body).toBe(201);
    expect(telnyx.ownedNumbers.some((n) => n.phone_number === offer!.phoneNumber)).toBe(true);
    const [row] = await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, offer!.phoneNumber));
    expect(row).toMatchObject({ provider: 'telnyx', status: 'assigned', accountId: account.id });
    expect(row!.carrierNumberId).toBeTruthy();
  });

  it('gives a number from outside the inventory (a port) to an account, once: another account is refused it', async () => {
    const { account, cookie } = await customer();
    const other = await customer();
    const ported = `+4420${String(Date.now()).slice(-8)}`;
    const given = await assignNumberToAccount(t.db, {
      accountId: account.id,
      phoneNumber: ported,
      newNumber: { provider: 'telnyx', carrierNumberId: 'port-1' },
    });
    expect(given.phoneNumber).toBe(ported);
    const [row] = await t.db.select().from(faxNumbers).where(eq(faxNumbers.phoneNumber, ported));
    expect(row).toMatchObject({
      status: 'assigned',
      accountId: account.id,
      provider: 'telnyx',
      countryCode: 'GB',
      carrierNumberId: 'port-1',
    });
    expect((await numbersOf(cookie)).numbers.map((n) => n.phoneNumber)).toContain(ported);
    await expect(
      assignNumberToAccount(t.db, { accountId: other.account.id, phoneNumber: ported, newNumber: { provider: 'telnyx' } }),
    ).rejects.toMatchObject({ messageKey: 'errors.numberNotAvailable' });
    await expect(assignNumberToAccount(t.db, { accountId: other.account.id, phoneNumber: '+4420999999999' })).rejects.toMatchObject({
      messageKey: 'errors.numberNotFound',
    });
  });

  it("names each number's inbox and station id; another account's inbox and a bad station id are refused", async () => {
    const { account, cookie } = await customer();
    const inboxes = ZInboxList.parse(
      (await call(cookie, 'POST', '/api/inboxes', { name: 'Referrals', memberIds: [], numbers: [] })).json(),
    );
    const inboxId = inboxes.inboxes[0]!.id;
    const [held] = (await numbersOf(cookie)).numbers;
    const named = await call(cookie, 'PATCH', `/api/account-numbers/${held!.id}`, { stationId: '+1 415 555', inboxId });
    expect(named.statusCode, named.body).toBe(200);
    expect(ZAccountNumbers.parse(named.json()).numbers[0]).toMatchObject({ stationId: '+1 415 555', inboxId });
    const identity = await call(cookie, 'GET', '/api/fax-identity');
    expect(identity.json().numbers).toEqual([{ phoneNumber: account.number, stationId: '+1 415 555' }]);

    const other = await customer();
    const theirInbox = ZInboxList.parse(
      (await call(other.cookie, 'POST', '/api/inboxes', { name: 'Theirs', memberIds: [], numbers: [] })).json(),
    ).inboxes[0]!.id;
    expect((await call(cookie, 'PATCH', `/api/account-numbers/${held!.id}`, { inboxId: theirInbox })).statusCode).toBe(404);
    const [theirNumber] = (await numbersOf(other.cookie)).numbers;
    expect((await call(cookie, 'PATCH', `/api/account-numbers/${theirNumber!.id}`, { stationId: '1' })).statusCode).toBe(404);
    expect((await call(cookie, 'POST', `/api/account-numbers/${theirNumber!.id}/release`)).statusCode).toBe(404);
    const bad = await call(cookie, 'PATCH', `/api/account-numbers/${held!.id}`, { stationId: 'ACME <script>' }, 'es');
    expect(bad.statusCode).toBe(400);
    // Taken off its inbox: none.
    const unfiled = await call(cookie, 'PATCH', `/api/account-numbers/${held!.id}`, { inboxId: null });
    expect(ZAccountNumbers.parse(unfiled.json()).numbers[0]).toMatchObject({ inboxId: null, stationId: '+1 415 555' });
  });

  it('a released number is quarantined: nobody, its last holder, another customer or the back office, takes it for 30 days', async () => {
    const { account, cookie } = await customer();
    const [held] = (await numbersOf(cookie)).numbers;
    const now = Date.now();
    setClock(fixedClock(new Date(now)));
    const answer = await call(cookie, 'POST', `/api/account-numbers/${held!.id}/release`);
    expect(answer.statusCode, answer.body).toBe(200);
    const released = ZReleasedAccountNumber.parse(answer.json());
    expect(Date.parse(released.quarantinedUntil)).toBe(now + NUMBER_QUARANTINE_DAYS * DAY_MS);
    expect((await numbersOf(cookie)).numbers).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'number.release'), eq(auditEvents.objectId, held!.id)));
    expect(audit).toMatchObject({ actorUserId: account.owner.id, accountId: account.id });

    const other = await customer();
    const tryTake = (who: string) => call(who, 'POST', '/api/account-numbers', { phoneNumber: held!.phoneNumber });
    const admin = await adminSession(t);
    const adminAssign = () =>
      callApi(t.app, 'POST', `/api/admin/numbers/${held!.id}/assign`, {
        cookie: admin.cookie,
        payload: { userId: other.account.owner.id },
      });
    // The other customer gives back the number they were given, so that their plan has room for one.
    await call(other.cookie, 'POST', `/api/account-numbers/${(await numbersOf(other.cookie)).numbers[0]!.id}/release`);
    for (const at of [now + DAY_MS, now + NUMBER_QUARANTINE_DAYS * DAY_MS - 1000]) {
      setClock(fixedClock(new Date(at)));
      expect((await search(other.cookie, 'country=US&areaCode=415')).numbers.map((n) => n.phoneNumber)).not.toContain(held!.phoneNumber);
      const refused = await tryTake(cookie);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).code).toBe('errors.numberQuarantined');
      expect((await tryTake(other.cookie)).statusCode).toBe(409);
      expect((await adminAssign()).statusCode).toBe(409);
    }
    // Once the 30 days are over, anyone may take it: here the other customer, within their allowance.
    setClock(fixedClock(new Date(now + NUMBER_QUARANTINE_DAYS * DAY_MS)));
    const taken = await tryTake(other.cookie);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(ZAccountNumbers.parse(taken.json()).numbers.map((n) => n.phoneNumber)).toEqual([held!.phoneNumber]);
  });
});
