import { SANDBOX_TEST_NUMBERS, ZApiError, ZFaxDetails, ZSendFaxResponse } from '@faxline/shared';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { accountLifecycle } from '../../src/account-lifecycle';
import { deleteAccount } from '../../src/accounts/delete-account';
import { billingInForce } from '../../src/billing/billing-providers';
import { accounts } from '../../src/accounts/schema';
import { usageLedger } from '../../src/billing/ledger-schema';
import { ledgerPages, recordUsage, type UsageCharge } from '../../src/billing/usage-ledger';
import { monthlyUsage } from '../../src/faxes/quota';
import { plans } from '../../src/plans/schema';
import { convertFixture } from '../support/documents';
import { sendFaxRequest } from '../support/faxes';
import { callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// Honest charges (issue 36, decision 086): a fax's pages are charged once, when delivered or received, into the usage
// ledger; nothing for a fax that failed or was canceled; the quota counts the ledger and the faxes on their way; the
// ledger downloads as CSV for the owner and Billing members. A fax clock of 1/1000: retries follow at once.
let t: TestApp;
let pdf2: Uint8Array;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  pdf2 = await makePdf(2);
}, 180_000);
afterAll(() => t.close());

async function customer(name = 'Clinic') {
  const { owner, number, members } = await createAccount(t, {
    owner: { name },
    members: [
      { role: 'user', name: 'Front desk' },
      { role: 'billing', name: 'Accounts' },
    ],
  });
  const [user, billing] = members;
  return { ...owner, number: number!, cookie: await signIn(t.app, owner.email), user: user!, billing: billing! };
}

const details = async (id: string, cookie: string) =>
  ZFaxDetails.parse((await callApi(t.app, 'GET', `/api/faxes/${id}`, { cookie })).json());
const ledgerOf = (accountId: string) => t.db.select().from(usageLedger).where(eq(usageLedger.accountId, accountId)).orderBy(usageLedger.id);

async function send(cookie: string, request: Record<string, unknown>) {
  const response = await sendFaxRequest(t.app, cookie, { faxQuality: 'fine', ...request }, [{ name: 'referral.pdf', bytes: pdf2 }]);
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}
const settled = (faxId: string, cookie: string, status: string) =>
  expect.poll(async () => (await details(faxId, cookie)).status, { timeout: 60_000, interval: 100 }).toBe(status);

async function tinyPlan(pagesPerMonth: number) {
  const [plan] = await t.db
    .insert(plans)
    .values({
      id: crypto.randomUUID(),
      slug: `tiny-${crypto.randomUUID()}`,
      name: 'Tiny',
      category: 'standard',
      pagesPerMonth,
      text: { en: { description: '', features: [] }, es: { description: '', features: [] }, fr: { description: '', features: [] } },
    })
    .returning();
  return plan!.id;
}

/** Puts an account on a plan of its own with this many pages a period. */
async function onTinyPlan(accountId: string, pagesPerMonth: number) {
  await t.db
    .update(accounts)
    .set({ planId: await tinyPlan(pagesPerMonth) })
    .where(eq(accounts.id, accountId));
}

describe('pages are charged when delivered, once', () => {
  it('charges nothing for a fax that fails on every try, and gives back what it held', async () => {
    const sender = await customer();
    // 1 page in the plan and 1 beyond it, at the price the send form showed (decision 096).
    const faxId = await send(sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.busy, quotedTotalCents: 9 });
    await settled(faxId, sender.cookie, 'failed');
    expect((await details(faxId, sender.cookie)).attempts.length).toBeGreaterThan(1);
    expect(await ledgerOf(sender.accountId)).toEqual([]);
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 0, charged: 0, reserved: 0 });
  }, 90_000);

  it('charges a fax delivered on its second try once, with all its pages', async () => {
    const sender = await customer();
    const faxId = await send(sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.drops_first_try });
    await settled(faxId, sender.cookie, 'delivered');
    const fax = await details(faxId, sender.cookie);
    expect(fax.attempts.map((a) => a.result)).toEqual(['line_quality', 'delivered']);
    expect(await ledgerOf(sender.accountId)).toEqual([
      expect.objectContaining({
        faxId,
        direction: 'outbound',
        otherNumber: SANDBOX_TEST_NUMBERS.drops_first_try,
        pages: 2,
        kind: 'included',
        rateCents: 0,
        at: new Date(fax.completedAt!),
      }),
    ]);
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 2, charged: 2, reserved: 0 });
  }, 90_000);

  it("charges a received fax to the receiving account, and the sent one to the sender's", async () => {
    const sender = await customer('Sender Clinic');
    const recipient = await customer('Receiving Lab');
    const faxId = await send(sender.cookie, { recipientNumber: recipient.number });
    await settled(faxId, sender.cookie, 'delivered');
    const [sent] = await ledgerOf(sender.accountId);
    expect(sent).toMatchObject({ faxId, direction: 'outbound', otherNumber: recipient.number, pages: 2 });
    const received = await ledgerOf(recipient.accountId);
    expect(received).toEqual([expect.objectContaining({ direction: 'inbound', otherNumber: sender.number, pages: 2, kind: 'included' })]);
    expect(received[0]!.faxId).not.toBe(faxId);
    expect((await monthlyUsage(t.db, recipient.accountId)).used).toBe(2);
  }, 90_000);

  it('charges nothing for a canceled fax: its pages are held while it waits and given back when canceled', async () => {
    const sender = await customer();
    const faxId = await send(sender.cookie, {
      recipientNumber: SANDBOX_TEST_NUMBERS.delivers,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 2, charged: 0, reserved: 2 });
    const canceled = await callApi(t.app, 'POST', `/api/faxes/${faxId}/cancel`, { cookie: sender.cookie });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 0, reserved: 0 });
    expect(await ledgerOf(sender.accountId)).toEqual([]);
  });

  it('refuses the send that would pass the plan counting the faxes still on their way, and stores nothing', async () => {
    const sender = await customer();
    await onTinyPlan(sender.accountId, 3);
    await send(sender.cookie, {
      recipientNumber: SANDBOX_TEST_NUMBERS.delivers,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const refused = await sendFaxRequest(t.app, sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine' }, [
      { name: 'referral.pdf', bytes: pdf2 },
    ]);
    expect(refused.statusCode).toBe(403);
    expect(ZApiError.parse(refused.json()).error).toMatchObject({
      code: 'errors.quotaExceeded',
      message:
        "This fax (2 pages) would go over your plan's 3 pages this period (2 already used or on their way). Upgrade your plan or wait for the next period.",
    });
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 2, reserved: 2, limit: 3 });
  });

  it('counts the period of the subscription when the account has one', async () => {
    const sender = await customer();
    const at = new Date(Date.UTC(2026, 9, 20, 12));
    await recordUsage(t.db, charge(sender.accountId, { at, pages: 4 }));
    await t.db.execute(sql`
      INSERT INTO subscriptions (account_id, provider, customer_id, subscription_id, plan_id, interval, status, current_period_start, current_period_end)
      SELECT id, 'stripe', 'cus_ledger', ${`sub_${crypto.randomUUID()}`}, plan_id, 'month', 'active', '2026-10-15T00:00:00Z', '2026-11-15T00:00:00Z'
      FROM accounts WHERE id = ${sender.accountId}`);
    // 3 November: inside the subscription's period (from 15 October), so the 20 October pages count.
    const usage = await monthlyUsage(t.db, sender.accountId, { now: new Date(Date.UTC(2026, 10, 3)) });
    expect(usage).toMatchObject({ charged: 4, period: { start: new Date('2026-10-15T00:00:00Z'), end: new Date('2026-11-15T00:00:00Z') } });
    // After the period's end without a renewal: the calendar month (November), which has none.
    expect((await monthlyUsage(t.db, sender.accountId, { now: new Date(Date.UTC(2026, 10, 20)) })).charged).toBe(0);
  });

  it('accepts a send past a plan that bills the pages beyond (decision 093), and charges nothing when it fails', async () => {
    const sender = await customer();
    const planId = await tinyPlan(1);
    await t.db.update(plans).set({ overageCentsPerPage: 9 }).where(eq(plans.id, planId));
    await t.db.update(accounts).set({ planId }).where(eq(accounts.id, sender.accountId));
    // Without a subscription there is no invoice to bill the pages beyond on: refused as before.
    const refused = await sendFaxRequest(t.app, sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.busy, faxQuality: 'fine' }, [
      { name: 'referral.pdf', bytes: pdf2 },
    ]);
    expect(refused.statusCode).toBe(403);
    const now = Date.now();
    await t.db.execute(sql`
      INSERT INTO subscriptions (account_id, provider, customer_id, subscription_id, plan_id, interval, status, current_period_start, current_period_end)
      VALUES (${sender.accountId}, 'stripe', 'cus_overage', ${`sub_${crypto.randomUUID()}`}, ${planId}, 'month', 'active',
              ${new Date(now - 86_400_000).toISOString()}, ${new Date(now + 29 * 86_400_000).toISOString()})`);
    // 1 page in the plan and 1 beyond it, at the price the send form showed (decision 096).
    const faxId = await send(sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.busy, quotedTotalCents: 9 });
    await settled(faxId, sender.cookie, 'failed');
    expect(await ledgerOf(sender.accountId)).toEqual([]);
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 0, limit: 1 });
  }, 90_000);
});

describe('pages reserved at acceptance (decision 137)', () => {
  it('sends a fax whose pages were reserved when it was accepted, though received pages took the account over its plan since', async () => {
    const sender = await customer();
    await onTinyPlan(sender.accountId, 3);
    const faxId = await send(sender.cookie, {
      recipientNumber: SANDBOX_TEST_NUMBERS.delivers,
      scheduledAt: new Date(Date.now() + 3_000).toISOString(),
    });
    // Receiving is never refused: 2 received pages while the 2 sent ones wait make 4 of the plan's 3.
    await recordUsage(t.db, charge(sender.accountId, { at: new Date(), pages: 2, direction: 'inbound', otherNumber: '+12025550177' }));
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 4, charged: 2, reserved: 2, limit: 3 });
    await settled(faxId, sender.cookie, 'delivered');
    expect((await monthlyUsage(t.db, sender.accountId)).charged).toBe(4);
  }, 90_000);

  it('checks a document whose pages were not known when accepted once it is converted, and fails it past the plan', async () => {
    const sender = await customer();
    await onTinyPlan(sender.accountId, 1);
    await recordUsage(t.db, charge(sender.accountId, { at: new Date(), pages: 1 }));
    const docx = await convertFixture(new TextEncoder().encode('Referral letter\n\nPlease see the patient.'), 'txt', 'docx');
    // A Word document's pages are counted only by its conversion: accepted with none reserved.
    const response = await sendFaxRequest(t.app, sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine' }, [
      { name: 'letter.docx', bytes: docx },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const faxId = ZSendFaxResponse.parse(response.json()).faxId;
    await settled(faxId, sender.cookie, 'failed');
    const fax = await details(faxId, sender.cookie);
    expect(fax).toMatchObject({ failureReason: 'quota_exceeded', attempts: [] });
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 1, charged: 1, reserved: 0 });
  }, 90_000);

  it('lets sends made at once take turns under the quota lock, so that together they cannot pass the plan', async () => {
    const sender = await customer();
    await onTinyPlan(sender.accountId, 6);
    // Six sends of two pages at once, each within the plan on its own reading: three fit.
    const fields = {
      recipientNumber: SANDBOX_TEST_NUMBERS.delivers,
      faxQuality: 'fine',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => sendFaxRequest(t.app, sender.cookie, fields, [{ name: 'referral.pdf', bytes: pdf2 }])),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 403, 403, 403]);
    expect(await monthlyUsage(t.db, sender.accountId)).toMatchObject({ used: 6, reserved: 6, limit: 6 });
  });
});

describe('the e-mails at 80% and 100% of the plan (decision 093)', () => {
  /** Subjects of the e-mails queued to the address, sent yet or not. */
  async function subjectsTo(address: string): Promise<string[]> {
    const rows = await t.db.execute<{ subject: string }>(
      sql`select data->>'subject' as subject from pgboss.job where name = 'email.send' and lower(data->>'to') = ${address.toLowerCase()}
          union all
          select data->>'subject' from pgboss.archive where name = 'email.send' and lower(data->>'to') = ${address.toLowerCase()}`,
    );
    return rows.rows
      .map((row) => row.subject)
      .filter((subject) => /fax pages|páginas de fax/.test(subject))
      .sort();
  }

  it('tells the owner and the Billing member in their language once each per period, as delivered pages cross them', async () => {
    const sender = await customer('Quota Clinic');
    await t.db.execute(sql`UPDATE users SET language = 'es' WHERE lower(email) = ${sender.billing.email.toLowerCase()}`);
    const planId = await tinyPlan(5);
    await t.db.update(plans).set({ overageCentsPerPage: 9 }).where(eq(plans.id, planId));
    await t.db.update(accounts).set({ planId }).where(eq(accounts.id, sender.accountId));
    const now = Date.now();
    await t.db.execute(sql`
      INSERT INTO subscriptions (account_id, provider, customer_id, subscription_id, plan_id, interval, status, current_period_start, current_period_end)
      VALUES (${sender.accountId}, 'stripe', 'cus_quota', ${`sub_${crypto.randomUUID()}`}, ${planId}, 'month', 'active',
              ${new Date(now - 86_400_000).toISOString()}, ${new Date(now + 29 * 86_400_000).toISOString()})`);
    await recordUsage(t.db, charge(sender.accountId, { pages: 2, at: new Date() }));

    // 4 of 5 pages: 80%.
    await settled(await send(sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers }), sender.cookie, 'delivered');
    expect(await subjectsTo(sender.email)).toEqual(['Quota Clinic has used 80% of its fax pages']);
    expect(await subjectsTo(sender.billing.email)).toEqual(['Quota Clinic ha usado el 80 % de sus páginas de fax']);
    // Two faxes at once, 6 then 8 of 5: one 100% e-mail, and nothing more this period.
    // Each at the price the send form showed (decision 096): 1 page beyond the plan, then 2 with the first on its way.
    const both = [await send(sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, quotedTotalCents: 9 })];
    both.push(await send(sender.cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, quotedTotalCents: 18 }));
    await Promise.all(both.map((faxId) => settled(faxId, sender.cookie, 'delivered')));
    expect(await subjectsTo(sender.email)).toEqual(
      ['Quota Clinic has used 80% of its fax pages', 'Quota Clinic has used all the fax pages of its plan'].sort(),
    );
    expect(await subjectsTo(sender.user.email)).toEqual([]);
    expect((await monthlyUsage(t.db, sender.accountId)).charged).toBe(8);
  }, 90_000);
});

const charge = (accountId: string, overrides: Partial<UsageCharge>): UsageCharge => ({
  accountId,
  faxId: crypto.randomUUID(),
  direction: 'outbound',
  otherNumber: '+442079460958',
  pages: 1,
  kind: 'included',
  rateCents: 0,
  currency: 'USD',
  at: new Date(Date.UTC(2026, 10, 10, 12)),
  ...overrides,
});

describe('the ledger', () => {
  it('is never changed: an update is refused, a second charge of the same fax writes nothing', async () => {
    const sender = await customer();
    const line = charge(sender.accountId, { pages: 3 });
    expect(await recordUsage(t.db, line)).toEqual(expect.any(Number));
    expect(await recordUsage(t.db, { ...line, pages: 5 })).toBeNull();
    await expect(t.db.update(usageLedger).set({ pages: 1 }).where(eq(usageLedger.accountId, sender.accountId))).rejects.toThrow();
    await expect(t.db.delete(usageLedger).where(eq(usageLedger.accountId, sender.accountId))).rejects.toThrow();
    expect((await ledgerOf(sender.accountId)).map((l) => l.pages)).toEqual([3]);
  });

  it("counts a period's pages alike at any bounds: its whole hours from their sums, its partial hours from its lines", async () => {
    const [sender, other] = [await customer(), await customer('Other clinic')];
    const at = (time: string) => new Date(`2026-10-15T${time}Z`);
    const lines = [
      charge(sender.accountId, { at: at('09:59:59.999'), pages: 1 }),
      charge(sender.accountId, { at: at('10:00:00.000'), pages: 2 }),
      charge(sender.accountId, { at: at('10:30:00.000'), pages: 4 }),
      charge(sender.accountId, { at: at('10:45:00.000'), pages: 32, kind: 'international' }),
      charge(sender.accountId, { at: at('11:00:00.000'), pages: 8 }),
      charge(sender.accountId, { at: at('12:15:00.000'), pages: 16 }),
      charge(sender.accountId, { at: at('13:59:59.999'), pages: 64 }),
      charge(sender.accountId, { at: at('14:00:00.000'), pages: 128 }),
    ];
    for (const line of lines) await recordUsage(t.db, line);
    // Two lines of one hour in one statement (the hours' trigger sums a statement's lines by hour), and another
    // account's line in the same hours.
    const together = [
      charge(sender.accountId, { at: at('10:05:00.000'), pages: 256 }),
      charge(sender.accountId, { at: at('10:55:00.000'), pages: 512 }),
    ];
    await t.db.insert(usageLedger).values(together);
    lines.push(...together);
    await recordUsage(t.db, charge(other.accountId, { at: at('10:30:00.000'), pages: 1024 }));

    const counted = (start: Date, end: Date) =>
      lines.filter((line) => line.kind !== 'international' && line.at >= start && line.at < end).reduce((sum, line) => sum + line.pages, 0);
    const periods: Array<[string, string]> = [
      ['10:00:00.000', '14:00:00.000'], // whole hours only
      ['09:59:59.999', '14:00:00.001'], // a millisecond of a partial hour at each end
      ['10:15:00.000', '10:45:00.001'], // inside one hour
      ['10:30:00.000', '13:59:59.999'], // partial hours at both ends, the last line just outside
      ['09:00:00.000', '15:00:00.000'],
      ['11:00:00.000', '11:00:00.000'], // empty
      ['10:59:59.999', '11:00:00.001'], // across one hour's end
    ];
    for (const [from, to] of periods) {
      const period = { start: at(from), end: at(to) };
      expect({ from, to, pages: await ledgerPages(t.db, sender.accountId, period) }).toEqual({
        from,
        to,
        pages: counted(period.start, period.end),
      });
    }
    expect(counted(at('09:00:00.000'), at('15:00:00.000'))).toBe(1 + 2 + 4 + 8 + 16 + 64 + 128 + 256 + 512);
  });

  it('goes with its account when the account is deleted', async () => {
    const sender = await customer();
    await recordUsage(t.db, charge(sender.accountId, {}));
    await deleteAccount(
      {
        db: t.db,
        files: t.files,
        lifecycle: accountLifecycle({ db: t.db, billing: billingInForce({ config: t.config, systemSettings: t.env.systemSettings }) }),
      },
      sender.accountId,
    );
    expect(await ledgerOf(sender.accountId)).toEqual([]);
  });
});

describe('GET /api/billing/usage.csv', () => {
  const csvOf = (body: string) => parse(body, { bom: true }) as string[][];

  it("writes a period's lines in the account's time zone and the reader's language, and adds up", async () => {
    const owner = await customer();
    await t.db.update(accounts).set({ timeZone: 'America/New_York' }).where(eq(accounts.id, owner.accountId));
    await recordUsage(t.db, charge(owner.accountId, { pages: 3, at: new Date('2026-11-02T15:04:00Z') }));
    await recordUsage(t.db, charge(owner.accountId, { pages: 2, kind: 'overage', rateCents: 7, at: new Date('2026-11-03T10:00:00Z') }));
    // 22:00 on 30 November in New York: in November there, although December in UTC.
    await recordUsage(
      t.db,
      charge(owner.accountId, {
        pages: 4,
        direction: 'inbound',
        otherNumber: 'Front desk, 2nd floor',
        rateCents: 5,
        at: new Date('2026-12-01T03:00:00Z'),
      }),
    );
    // Outside the period on either side.
    await recordUsage(t.db, charge(owner.accountId, { pages: 9, at: new Date('2026-11-01T03:59:00Z') }));
    await recordUsage(t.db, charge(owner.accountId, { pages: 9, at: new Date('2026-12-01T05:00:00Z') }));

    const response = await callApi(t.app, 'GET', '/api/billing/usage.csv?from=2026-11-01&to=2026-11-30', {
      cookie: owner.cookie,
      language: 'fr',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="faxline-usage-2026-11-01-to-2026-11-30.csv"');
    expect(response.body).toContain('"Front desk, 2nd floor"');
    const [header, ...rest] = csvOf(response.body);
    expect(header).toEqual(['Date', 'Fax', 'Sens', 'Correspondant', 'Pages', 'Facturation', 'Tarif par page', 'Montant', 'Devise']);
    const lines = rest.slice(0, -1);
    expect(lines.map((l) => [l[0], l[2], l[3], l[4], l[5], l[6], l[7]])).toEqual([
      // A number as text, as the contacts' export writes it: a spreadsheet does not read "+..." as a formula.
      ['2026-11-02 10:04', 'Envoyé', "'+442079460958", '3', 'Inclus dans le forfait', '0.00', '0.00'],
      ['2026-11-03 05:00', 'Envoyé', "'+442079460958", '2', 'Dépassement', '0.07', '0.14'],
      ['2026-11-30 22:00', 'Reçu', 'Front desk, 2nd floor', '4', 'Inclus dans le forfait', '0.05', '0.20'],
    ]);
    const total = rest.at(-1)!;
    expect(total).toEqual(['Total', '', '', '', '9', '', '', '0.34', 'USD']);
    expect(lines.reduce((sum, l) => sum + Number(l[4]), 0)).toBe(Number(total[4]));
    expect(lines.reduce((sum, l) => sum + Math.round(Number(l[7]) * 100), 0)).toBe(Math.round(Number(total[7]) * 100));
  });

  it('is for the owner and Billing members: a User member gets 403', async () => {
    const owner = await customer();
    const url = '/api/billing/usage.csv?from=2026-11-01&to=2026-11-30';
    const asUser = await callApi(t.app, 'GET', url, { cookie: await signIn(t.app, owner.user.email) });
    expect(asUser.statusCode).toBe(403);
    const asBilling = await callApi(t.app, 'GET', url, { cookie: await signIn(t.app, owner.billing.email) });
    expect(asBilling.statusCode, asBilling.body).toBe(200);
    expect(csvOf(asBilling.body)[0]![0]).toBe('Date');
  });

  it.each([
    ['a reversed period', 'from=2026-11-30&to=2026-11-01', 'The end date must not be before the start date.'],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', 'Enter a date as YYYY-MM-DD, from the year 2000 on.'],
    ['a year before the ledger (and the year 0, which PostgreSQL has not)', 'from=0000-01-01&to=0000-01-02', 'from the year 2000 on'],
    ['a missing day', 'from=2026-02-01', null],
    ['a period longer than 400 days', 'from=2025-01-01&to=2026-12-31', 'Choose a period of at most 400 days.'],
  ])('refuses %s with a 400 that says why', async (_case, query, text) => {
    const owner = await customer();
    const response = await callApi(t.app, 'GET', `/api/billing/usage.csv?${query}`, { cookie: owner.cookie });
    expect(response.statusCode).toBe(400);
    const { error } = ZApiError.parse(response.json());
    if (text) expect(error.message).toContain(text);
  });
});
