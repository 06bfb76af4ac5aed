import type { AddressInfo } from 'node:net';
import {
  DEFAULT_SYSTEM_SETTINGS,
  PAYMENT_GRACE_DAYS,
  SANDBOX_TEST_NUMBERS,
  ZAdminAccountBilling,
  ZAdminPersonAccount,
  ZCheckoutResponse,
  ZFaxDetails,
  ZAdminFailedPayments,
  ZAdminRevenue,
  ZPaymentFailureResponse,
  type TSystemSettingsValues,
} from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { accounts } from '../../src/accounts/schema';
import { subscriptions } from '../../src/billing/schema';
import { type StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { receiveInboundCall } from '../../src/faxes/receive-call';
import { fixedClock, setClock } from '../../src/platform/clock';
import { STARTING_PLAN_SLUG } from '../../src/plans/catalogue';
import { plans } from '../../src/plans/schema';
import { callV1, createApiKey } from '../support/api-keys';
import { startTestGateway } from '../support/email-gateway';
import { sendFaxRequest } from '../support/faxes';
import { adminSession, callApi, errorOf, latestEmailTo, signIn, someClientAddress, type TestApp } from '../support/test-app';
import { until } from '../support/until';
import { openAppWithStripe, sellPlanAtStripe } from '../support/stripe-billing';

// A renewal that fails (issue 36, decision 085): the owner and the Billing members are e-mailed once per run of
// failures, the operators too when notifyOnFailedPayment is on; the portal's banner reads the server; sending goes on
// for seven days, then pauses on every channel (portal, /v1, e-mail to fax) with the way out, while received faxes
// still land; paying resumes sending at once. Stripe is the simulator, which signs its webhooks as Stripe does;
// Faxline's clock is moved for the grace, the simulator's for the renewal.

const SECRET_KEY = 'sk_test_faxline';
const WEBHOOK_SECRET = 'whsec_faxlinetest';
const DAY_MS = 86_400_000;
const SUBJECT = { en: 'The payment for your Faxline plan failed', es: 'El pago de su plan de Faxline ha fallado' } as const;

let t: TestApp;
let simulator: StripeSimulator;
let admin: { email: string; cookie: string; id: string };
let business: { id: string; monthlyCents: number; yearlyMonthlyCents: number };
let stripe: Stripe;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  ({ t, simulator, stripe } = await openAppWithStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }));
  const plan = await sellPlan('business');
  business = { id: plan.id, monthlyCents: plan.monthlyPriceCents!, yearlyMonthlyCents: plan.yearlyMonthlyPriceCents! };
  gateway = await startTestGateway(t);
  const session = await adminSession(t);
  admin = { email: session.person.email, cookie: session.cookie, id: session.person.id };
}, 120_000);
afterEach(() => setClock());

/** Gives a plan of the catalogue its monthly and yearly prices at the simulator, as the back office's plan form does. */
const sellPlan = async (slug: string) => (await sellPlanAtStripe(t.db, stripe, slug)).plan;
afterAll(async () => {
  await gateway?.stop();
  await t?.close();
  await simulator?.close();
});

async function saveSettings(values: Partial<TSystemSettingsValues>) {
  const saved = await callApi(t.app, 'PUT', '/api/admin/settings', {
    cookie: admin.cookie,
    payload: { values: { ...DEFAULT_SYSTEM_SETTINGS, ...values }, secrets: {} },
    remoteAddress: someClientAddress(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Every e-mail queued to the address with that subject, whether sent yet or not. */
async function emailsTo(address: string, subject: string | RegExp = SUBJECT.en) {
  const rows = await t.db.execute<{ data: { subject: string; text: string } }>(
    sql`select data from pgboss.job where name = 'email.send' and lower(data->>'to') = ${address.toLowerCase()}
        union all
        select data from pgboss.archive where name = 'email.send' and lower(data->>'to') = ${address.toLowerCase()}`,
  );
  return rows.rows
    .map((row) => row.data)
    .filter((email) => (typeof subject === 'string' ? email.subject === subject : subject.test(email.subject)));
}

const subscriptionOf = async (accountId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0];

/**
 * An account on Business (API and sub-users included), paid monthly through the simulator's checkout, with a Billing
 * and a User member; or on another plan or interval when asked.
 */
async function payingAccount(
  billingLanguage: 'en' | 'es' = 'en',
  sold: { planId: string; interval: 'month' | 'year' } = { planId: business.id, interval: 'month' },
) {
  const account = await createAccount(t, { members: [{ role: 'billing', language: billingLanguage }, { role: 'user' }] });
  const cookie = await signIn(t.app, account.owner.email);
  const checkout = await callApi(t.app, 'POST', '/api/billing/checkout', {
    cookie,
    payload: sold,
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { url } = ZCheckoutResponse.parse(checkout.json());
  const paid = await fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ outcome: 'succeed' }), redirect: 'manual' });
  expect(paid.status).toBe(303);
  const planOf = async () => (await t.db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, account.id)))[0]?.planId;
  await until(planOf, (planId) => planId === sold.planId, 'the plan to change');
  const [billing, user] = account.members;
  return { account, cookie, billing: billing!, user: user!, customerId: (await subscriptionOf(account.id))!.customerId };
}

/** The card declines and the month ends: Stripe renews, the charge fails, and Faxline hears of it. */
async function failRenewal(accountId: string, customerId: string): Promise<Date> {
  simulator.setCardDeclines(customerId, true);
  simulator.advanceTime(32 * DAY_MS);
  const row = await until(
    () => subscriptionOf(accountId),
    (subscription) => subscription?.paymentFailedAt != null,
    'the payment failure to be recorded',
  );
  await simulator.webhooksSettled();
  expect(row!.status).toBe('past_due');
  return row!.paymentFailedAt!;
}

const bannerOf = async (cookie: string) =>
  ZPaymentFailureResponse.parse((await callApi(t.app, 'GET', '/api/sending-pause', { cookie })).json());

/** A cover-page fax from the portal, scheduled a day ahead of Faxline's clock so that no worker has to send it now. */
const sendFromPortal = (cookie: string, now: Date, language = 'en') =>
  sendFaxRequest(
    t.app,
    cookie,
    {
      recipientNumber: SANDBOX_TEST_NUMBERS.delivers,
      faxQuality: 'fine',
      coverPageMessage: 'Lab results',
      scheduledAt: new Date(now.getTime() + DAY_MS).toISOString(),
    },
    [],
    { 'accept-language': language },
  );
const sendFromApi = (secret: string, now: Date) =>
  callV1(t, secret, 'POST', '/v1/faxes', {
    payload: {
      recipient: SANDBOX_TEST_NUMBERS.delivers,
      send_time: new Date(now.getTime() + DAY_MS).toISOString(),
      cover_page: { notes: 'Lab results' },
    },
  });

/** A fax by e-mail from the sender, as a mail client hands it to the gateway: accepted, or the SMTP refusal. */
async function mailFax(from: string): Promise<{ accepted: boolean; response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: gateway.port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({
      from,
      to: `${SANDBOX_TEST_NUMBERS.delivers.slice(1)}@${t.config.emailToFax.domain}`,
      subject: 'Lab results',
      text: 'Attached.',
      attachments: [{ filename: 'results.pdf', content: Buffer.from(await makePdf(1)) }],
    });
    return { accepted: true, response: info.response };
  } catch (error) {
    return { accepted: false, response: (error as { response?: string }).response ?? String(error) };
  }
}

describe('a payment that fails', () => {
  it('e-mails the owner and the Billing member once, shows the banner, pauses sending after the grace, never receiving, and resumes on payment', async () => {
    await saveSettings({ adminEmailForNotifications: admin.email, notifyOnFailedPayment: true });
    const { account, cookie, billing, user, customerId } = await payingAccount('es');
    const { secret } = await createApiKey(t, cookie);
    const policy = await callApi(t.app, 'PUT', '/api/account/email-to-fax', {
      cookie,
      payload: { allowedSenders: [], authPolicy: 'off', includeBody: true },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const userCookie = await signIn(t.app, user.email);
    expect(await bannerOf(cookie)).toEqual({ failure: null });

    const failedAt = await failRenewal(account.id, customerId);
    const graceEndsAt = new Date(failedAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);

    // One e-mail each for the owner and the Billing member (who reads Spanish), in their language, with the amount,
    // the date and the way out; the User member, who cannot pay, gets none; the operators get theirs.
    const amountIn = (language: string) =>
      new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(business.monthlyCents / 100);
    const amount = amountIn('en');
    const readers = [
      { person: account.owner, language: 'en', subject: SUBJECT.en, receiving: /Receiving faxes never stops/ },
      { person: billing, language: 'es', subject: SUBJECT.es, receiving: /La recepción de faxes nunca se detiene/ },
    ] as const;
    for (const { person, language, subject, receiving } of readers) {
      const emails = await emailsTo(person.email, /./);
      expect(emails, person.email).toHaveLength(1);
      expect(emails[0]!.subject).toBe(subject);
      expect(emails[0]!.text).toContain(amountIn(language));
      const graceDate = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(graceEndsAt);
      expect(emails[0]!.text).toContain(graceDate);
      expect(emails[0]!.text).toContain(`${t.config.publicUrl}/user/billing`);
      expect(emails[0]!.text).toMatch(receiving);
    }
    expect((await latestEmailTo(t.app, account.owner.email, /payment for your Faxline plan failed/)).text).toContain(amount);
    expect(await emailsTo(user.email, /./)).toEqual([]);
    const operators = await emailsTo(admin.email, /^A payment failed: /);
    expect(operators).toHaveLength(1);
    expect(operators[0]!.text).toContain(account.owner.email);
    expect(operators[0]!.text).toContain(amount);

    // Stripe sends its events again: nothing is e-mailed twice.
    for (const event of simulator.events()) expect((await simulator.replay(event.id)).status).toBe(200);
    for (const person of [account.owner, billing]) expect(await emailsTo(person.email, /./)).toHaveLength(1);
    expect(await emailsTo(admin.email, /^A payment failed: /)).toHaveLength(1);

    // The banner: when sending pauses, for those who can pay; only whether it is paused for the others.
    expect(await bannerOf(cookie)).toEqual({ failure: { sendingPaused: false, graceEndsAt: graceEndsAt.toISOString() } });
    expect(await bannerOf(await signIn(t.app, billing.email))).toEqual({
      failure: { sendingPaused: false, graceEndsAt: graceEndsAt.toISOString() },
    });
    expect(await bannerOf(userCookie)).toEqual({ failure: { sendingPaused: false, graceEndsAt: null } });

    // Within the grace, every channel sends.
    const lastMinute = new Date(graceEndsAt.getTime() - 60_000);
    setClock(fixedClock(lastMinute));
    const withinGrace = await sendFromPortal(cookie, lastMinute);
    expect(withinGrace.statusCode, withinGrace.body).toBe(202);
    expect((await sendFromApi(secret, lastMinute)).statusCode).toBe(202);

    // After it, sending pauses on every channel, with the reason and the way out, in the sender's language.
    const afterGrace = new Date(graceEndsAt.getTime() + 60_000);
    setClock(fixedClock(afterGrace));
    const refused = await sendFromPortal(cookie, afterGrace);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'errors.sendingPausedUnpaid' });
    expect(errorOf(refused).message).toMatch(
      /Sending is paused: the payment for this account's plan failed and its 7 days of grace are over/,
    );
    expect(errorOf(refused).message).toContain(`${t.config.publicUrl}/user/billing`);
    const refusedInFrench = await sendFromPortal(userCookie, afterGrace, 'fr');
    expect(refusedInFrench.statusCode).toBe(403);
    expect(errorOf(refusedInFrench).message).toMatch(/^L’envoi est suspendu/);
    const refusedByApi = await sendFromApi(secret, afterGrace);
    expect(refusedByApi.statusCode).toBe(403);
    expect(refusedByApi.json()).toMatchObject({
      error: { type: 'permission_error', code: 'errors.sendingPausedUnpaid', message: expect.stringContaining('/user/billing') },
    });
    const refusedByEmail = await mailFax(account.owner.email);
    expect(refusedByEmail.accepted).toBe(false);
    expect(refusedByEmail.response).toMatch(/^550 .*Sending is paused/);
    expect(await bannerOf(userCookie)).toEqual({ failure: { sendingPaused: true, graceEndsAt: null } });

    // Receiving never stops: a fax to the account's number lands, and its document can be read.
    const tiff = (await renderFaxImage(await makePdf(1), 'fine')).tiff;
    const received = await receiveInboundCall(
      { db: t.db, files: t.files },
      {
        callId: `payment-failure-${account.id}`,
        line: 'sandbox',
        toNumber: account.number!,
        fromNumber: '+15557654321',
        remoteIdent: 'ACME CLINIC',
        tiff,
        details: { pages: 1, bitRate: 14_400, resolution: 'fine', ecm: true, completion: null, lineMs: 30_000 },
      },
    );
    expect(received).toMatchObject({ outcome: 'stored' });
    const faxId = (received as { faxId: string }).faxId;
    const shown = await callApi(t.app, 'GET', `/api/faxes/${faxId}`, { cookie });
    expect(shown.statusCode, shown.body).toBe(200);
    const details = ZFaxDetails.parse(shown.json());
    expect(details).toMatchObject({ direction: 'inbound', status: 'received', pages: 1, hasDocument: true });
    const document = await callApi(t.app, 'GET', `/api/faxes/${faxId}/document`, { cookie });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toMatch(/pdf/);

    // The card is fixed and the open invoice paid: sending resumes at once, on every channel.
    simulator.payOpenInvoices(customerId);
    await until(
      () => subscriptionOf(account.id),
      (subscription) => subscription?.paymentFailedAt === null && subscription.status === 'active',
      'the payment to be recorded',
    );
    expect(await bannerOf(cookie)).toEqual({ failure: null });
    const resumed = await sendFromPortal(cookie, afterGrace);
    expect(resumed.statusCode, resumed.body).toBe(202);
    expect((await sendFromApi(secret, afterGrace)).statusCode).toBe(202);
  }, 120_000);

  it('does not e-mail the operators when notifyOnFailedPayment is off (the people who pay still hear)', async () => {
    await saveSettings({ adminEmailForNotifications: admin.email, notifyOnFailedPayment: false });
    const operatorsBefore = (await emailsTo(admin.email, /^A payment failed: /)).length;
    const { account, billing, customerId } = await payingAccount();
    await failRenewal(account.id, customerId);
    for (const person of [account.owner, billing])
      await until(
        () => emailsTo(person.email),
        (emails) => emails.length === 1,
        'the e-mail',
      );
    expect(await emailsTo(admin.email, /^A payment failed: /)).toHaveLength(operatorsBefore);
    simulator.payOpenInvoices(customerId);
  }, 120_000);

  it("e-mails once when the owner's own request reads the failure before Stripe's webhook tells it", async () => {
    const { account, cookie, billing, customerId } = await payingAccount();
    const webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/billing/stripe/webhook`;
    // Stripe's events held back: the renewal fails, and Faxline has not heard of it.
    simulator.setWebhookUrl(null);
    try {
      simulator.setCardDeclines(customerId, true);
      simulator.advanceTime(32 * DAY_MS);
      expect((await subscriptionOf(account.id))!.paymentFailedAt).toBeNull();
      // Cancelling reads the subscription from Stripe: past due, the run of failures begins here, and is told here.
      expect((await callApi(t.app, 'POST', '/api/billing/cancel', { cookie })).statusCode).toBe(204);
      expect((await subscriptionOf(account.id))!.status).toBe('past_due');
      for (const person of [account.owner, billing]) expect(await emailsTo(person.email), person.email).toHaveLength(1);
    } finally {
      simulator.setWebhookUrl(webhookUrl);
    }
    // The events Stripe held back come late: nothing is e-mailed twice.
    const held = simulator.events().filter((event) => JSON.stringify(event.data).includes(customerId));
    expect(held.length).toBeGreaterThan(0);
    for (const event of held) expect((await simulator.replay(event.id)).status).toBe(200);
    for (const person of [account.owner, billing]) expect(await emailsTo(person.email)).toHaveLength(1);
    simulator.payOpenInvoices(customerId);
  }, 120_000);
});

// The back office's revenue figures and failed payments list (issue 36 item 8, decision 092). Other tests of this file
// pay too, so the revenue is compared before and after; the failed payments list is read whole.
describe("the back office's revenue and failed payments", () => {
  const revenue = async () => {
    const response = await callApi(t.app, 'GET', '/api/admin/revenue?range=last30days', { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const usd = ZAdminRevenue.parse(response.json()).currencies.find((figures) => figures.currency === 'USD');
    const month = usd?.byMonth.at(-1);
    const plan = (id: string) => usd?.byPlan.find((row) => row.planId === id) ?? { subscriptions: 0, mrrCents: 0 };
    return {
      mrr: usd?.mrrCents ?? 0,
      pastDueMrr: usd?.pastDueMrrCents ?? 0,
      subscriptions: usd?.subscriptions ?? 0,
      new: usd?.newSubscriptions ?? 0,
      churned: usd?.churnedSubscriptions ?? 0,
      monthNew: month?.newMrrCents ?? 0,
      monthChurned: month?.churnedMrrCents ?? 0,
      monthNet: month?.netMrrCents ?? 0,
      plan,
    };
  };
  const failedPayments = async () => {
    const response = await callApi(t.app, 'GET', '/api/admin/failed-payments', { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return ZAdminFailedPayments.parse(response.json()).failedPayments;
  };

  it('counts a monthly and a yearly subscription (a twelfth of its price) in the MRR by plan, and an ended one as churned this month', async () => {
    const professional = await sellPlan('professional');
    const before = await revenue();

    const monthly = await payingAccount();
    await payingAccount('en', { planId: business.id, interval: 'year' });
    await payingAccount('en', { planId: professional.id, interval: 'month' });
    await simulator.webhooksSettled();
    const started = business.monthlyCents + business.yearlyMonthlyCents + professional.monthlyPriceCents!;
    const after = await revenue();
    expect(after.mrr - before.mrr).toBe(started);
    expect(after.subscriptions - before.subscriptions).toBe(3);
    expect(after.new - before.new).toBe(3);
    expect(after.monthNew - before.monthNew).toBe(started);
    expect(after.monthNet - before.monthNet).toBe(started);
    expect(after.plan(business.id).subscriptions - before.plan(business.id).subscriptions).toBe(2);
    expect(after.plan(business.id).mrrCents - before.plan(business.id).mrrCents).toBe(business.monthlyCents + business.yearlyMonthlyCents);
    expect(after.plan(professional.id).subscriptions - before.plan(professional.id).subscriptions).toBe(1);
    expect(after.plan(professional.id).mrrCents - before.plan(professional.id).mrrCents).toBe(professional.monthlyPriceCents);

    // The owner deletes the account: its subscription ends at Stripe, whose late event still ends its revenue.
    const deleted = await callApi(t.app, 'DELETE', '/api/account', {
      cookie: monthly.cookie,
      payload: { password: monthly.account.owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ended = await until(revenue, (figures) => figures.churned - after.churned === 1, 'the subscription to count as churned');
    expect(after.mrr - ended.mrr).toBe(business.monthlyCents);
    expect(ended.monthChurned - after.monthChurned).toBe(business.monthlyCents);
    expect(after.monthNet - ended.monthNet).toBe(business.monthlyCents);
    expect(after.plan(business.id).subscriptions - ended.plan(business.id).subscriptions).toBe(1);
  }, 60_000);

  it('lists a failed renewal, newest first, with its owner, plan, amount due and grace, until it is paid', async () => {
    const { account, customerId } = await payingAccount();
    const failedAt = await failRenewal(account.id, customerId);

    const listed = await failedPayments();
    expect(listed[0]).toEqual({
      accountId: account.id,
      owner: { id: account.owner.id, name: account.owner.name, email: account.owner.email },
      planName: 'Business',
      interval: 'month',
      amountDue: { cents: business.monthlyCents, currency: 'USD' },
      failedAt: failedAt.toISOString(),
      graceEndsAt: new Date(failedAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS).toISOString(),
      sendingPaused: false,
    });
    const times = listed.map((failure) => failure.failedAt);
    expect(times).toEqual([...times].sort().reverse());
    // Past due, it still counts in the MRR during its grace, and is told apart. The month that went by for the renewal
    // ended other tests' unpaid subscriptions too, so the figures are checked against the rows at list prices.
    const inForce = await t.db.execute<{ mrr: number; past_due: number }>(sql`
      select coalesce(sum(case when s.interval = 'year' then p.yearly_monthly_price_cents else p.monthly_price_cents end), 0)::int as mrr,
        coalesce(sum(case when s.interval = 'year' then p.yearly_monthly_price_cents else p.monthly_price_cents end)
          filter (where s.status = 'past_due'), 0)::int as past_due
      from subscriptions s join plans p on p.id = s.plan_id where s.status in ('active', 'past_due') and p.currency = 'USD'`);
    const pastDue = await revenue();
    expect(pastDue.mrr).toBe(inForce.rows[0]!.mrr);
    expect(pastDue.pastDueMrr).toBe(inForce.rows[0]!.past_due);
    expect(pastDue.pastDueMrr).toBeGreaterThanOrEqual(business.monthlyCents);

    setClock(fixedClock(new Date(failedAt.getTime() + (PAYMENT_GRACE_DAYS + 1) * DAY_MS)));
    expect((await failedPayments()).find((failure) => failure.accountId === account.id)?.sendingPaused).toBe(true);

    simulator.payOpenInvoices(customerId);
    await until(
      () => subscriptionOf(account.id),
      (subscription) => subscription?.paymentFailedAt === null,
      'the payment to be recorded',
    );
    expect((await failedPayments()).map((failure) => failure.accountId)).not.toContain(account.id);
  }, 60_000);

  it('is refused to a person who is not an operator, and a range that does not exist is a 400', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    for (const path of ['/api/admin/revenue', '/api/admin/failed-payments']) {
      const refused = await callApi(t.app, 'GET', path, { cookie });
      expect(refused.statusCode, path).toBe(403);
    }
    const bad = await callApi(t.app, 'GET', '/api/admin/revenue?range=forever', { cookie: admin.cookie, language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/Choisissez une période/);
  });
});
// The back office's view of one account's billing (issue 36 item 8, decision 091), in this file for its paying accounts.
describe("the back office's billing of an account", () => {
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object, language?: 'en' | 'fr') =>
    callApi(t.app, method, url, {
      cookie: admin.cookie,
      headers: { origin: t.config.publicUrl },
      ...(payload ? { payload } : {}),
      language,
    });
  const auditOf = async (accountId: string, action: string) =>
    (
      await t.db.execute<{ actor_user_id: string; details: Record<string, unknown> }>(
        sql`select actor_user_id, details from audit_events where account_id = ${accountId} and action = ${action} order by id`,
      )
    ).rows;
  const planOf = async (accountId: string) =>
    (await t.db.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)))[0]?.planId;

  it('shows a paying account, its subscription and its invoices; refunds part of a paid invoice as a credit note, never more than was paid', async () => {
    const { account, billing, customerId } = await payingAccount();
    const person = ZAdminPersonAccount.parse((await asAdmin('GET', `/api/admin/users/${billing.id}/account`)).json());
    expect(person.account).toMatchObject({ id: account.id, role: 'billing', owner: { id: account.owner.id, email: account.owner.email } });

    const url = `/api/admin/accounts/${account.id}/billing`;
    const before = ZAdminAccountBilling.parse((await asAdmin('GET', url)).json());
    expect(before).toMatchObject({
      account: { id: account.id, owner: { id: account.owner.id } },
      plan: { id: business.id, name: 'Business' },
      billingEnabled: true,
      testMode: true,
      subscription: { provider: 'stripe', customerId, planId: business.id, interval: 'month', status: 'active', cancelAtPeriodEnd: false },
    });
    expect(before.invoices).toHaveLength(1);
    const [invoice] = before.invoices;
    expect(invoice).toMatchObject({
      status: 'paid',
      amountPaid: business.monthlyCents,
      creditable: business.monthlyCents,
      creditNotes: [],
    });

    const credits = `${url}/invoices/${invoice!.id}/credit-notes`;
    const tooMuch = await asAdmin('POST', credits, { amountCents: business.monthlyCents + 1, kind: 'refund', reason: 'Lost faxes' }, 'fr');
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(errorOf(tooMuch).message).toContain('rembourser');
    const noReason = await asAdmin('POST', credits, { amountCents: 500, kind: 'refund', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Give the reason for this change.');

    const refunded = await asAdmin('POST', credits, { amountCents: 500, kind: 'refund', reason: 'Two faxes lost in March' });
    expect(refunded.statusCode, refunded.body).toBe(204);
    const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: simulator.port, protocol: 'http' });
    const atStripe = await stripe.creditNotes.list({ invoice: invoice!.id });
    expect(atStripe.data).toEqual([expect.objectContaining({ amount: 500, memo: 'Two faxes lost in March', type: 'post_payment' })]);
    expect(atStripe.data[0]!.refunds[0]).toMatchObject({ amount_refunded: 500 });

    const after = ZAdminAccountBilling.parse((await asAdmin('GET', url)).json());
    expect(after.invoices[0]).toMatchObject({
      creditable: business.monthlyCents - 500,
      creditNotes: [{ id: atStripe.data[0]!.id, amount: 500, refundAmount: 500, creditAmount: 0, memo: 'Two faxes lost in March' }],
    });
    expect(await auditOf(account.id, 'billing.invoice_credited')).toEqual([
      expect.objectContaining({
        actor_user_id: admin.id,
        details: expect.objectContaining({ amountCents: 500, reason: 'Two faxes lost in March' }),
      }),
    ]);
    const rest = await asAdmin('POST', credits, { amountCents: business.monthlyCents - 499, kind: 'credit', reason: 'Goodwill' });
    expect(rest.statusCode, rest.body).toBe(400);
    expect((await stripe.creditNotes.list({ invoice: invoice!.id })).data).toHaveLength(1);

    const pdf = await asAdmin('GET', `${url}/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Another account's invoice is not found through this account.
    const other = await createAccount(t);
    expect((await asAdmin('GET', `/api/admin/accounts/${other.id}/billing/invoices/${invoice!.id}/pdf`)).statusCode).toBe(404);

    // A paying account's plan changes through the provider only.
    const refused = await asAdmin('POST', `${url}/plan`, { planId: (await startingPlan()).id, reason: 'Asked by phone' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('Stripe');
  });

  it('grants a plan to an account that pays for nothing, with a reason, audited; a late event of its ended subscription leaves it', async () => {
    const { account } = await payingAccount();
    const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: simulator.port, protocol: 'http' });
    const { subscriptionId } = (await subscriptionOf(account.id))!;
    await stripe.subscriptions.cancel(subscriptionId);
    const basic = await startingPlan();
    await until(
      () => planOf(account.id),
      (planId) => planId === basic.id,
      'the plan to end',
    );
    await simulator.webhooksSettled();

    const url = `/api/admin/accounts/${account.id}/billing/plan`;
    const noReason = await asAdmin('POST', url, { planId: business.id }, 'fr');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indiquez la raison de ce changement.');
    expect(await planOf(account.id)).toBe(basic.id);

    const granted = await asAdmin('POST', url, { planId: business.id, reason: 'Charity, free for a year' });
    expect(granted.statusCode, granted.body).toBe(204);
    expect(await planOf(account.id)).toBe(business.id);
    expect(await auditOf(account.id, 'billing.plan_granted')).toEqual([
      { actor_user_id: admin.id, details: { from: basic.id, to: business.id, reason: 'Charity, free for a year' } },
    ]);
    expect((await asAdmin('POST', url, { planId: business.id, reason: 'Again' })).statusCode).toBe(409);

    // A new event of the ended subscription (its metadata, which Stripe still lets change) reaches Faxline and is applied.
    const delivered = simulator.deliveries().length;
    await stripe.subscriptions.update(subscriptionId, { metadata: { reviewed: 'yes' } });
    await simulator.webhooksSettled();
    expect(simulator.deliveries().length).toBeGreaterThan(delivered);
    expect(await planOf(account.id)).toBe(business.id);
    const view = ZAdminAccountBilling.parse((await asAdmin('GET', `/api/admin/accounts/${account.id}/billing`)).json());
    expect(view).toMatchObject({ plan: { id: business.id }, subscription: { status: 'canceled' } });
  });

  it('answers 403 to a customer on every route of it', async () => {
    const { account, cookie } = await payingAccount();
    const base = `/api/admin/accounts/${account.id}/billing`;
    const requests: [string, string, object?][] = [
      ['GET', `/api/admin/users/${account.owner.id}/account`],
      ['GET', base],
      ['POST', `${base}/plan`, { planId: business.id, reason: 'x' }],
      ['GET', `${base}/invoices/in_x/pdf`],
      ['POST', `${base}/invoices/in_x/credit-notes`, { amountCents: 1, kind: 'refund', reason: 'x' }],
      ['GET', `${base}/usage.csv?from=2026-01-01&to=2026-01-31`],
    ];
    for (const [method, url, payload] of requests) {
      const answer = await callApi(t.app, method as 'GET', url, { cookie, ...(payload ? { payload } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    const csv = await asAdmin('GET', `${base}/usage.csv?from=2026-01-01&to=2026-01-31`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
  });
});

async function startingPlan() {
  const [plan] = await t.db.select().from(plans).where(eq(plans.slug, STARTING_PLAN_SLUG));
  return plan!;
}
