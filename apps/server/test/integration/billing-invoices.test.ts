import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  SANDBOX_TEST_NUMBERS,
  ZBaaResponse,
  ZBaaSignature,
  ZBillingProfileResponse,
  ZCheckoutResponse,
  ZInvoiceListResponse,
  ZFaxQuote,
  ZSendFaxResponse,
  type TBaaSignRequest,
  type TBillingProfile,
} from '@faxline/shared';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { users } from '../../src/auth/schema';
import { baaSignatures } from '../../src/billing/baa-schema';
import { BAA_VERSION } from '../../src/billing/baa-text';
import { usageInvoiceItems, usageLedger } from '../../src/billing/ledger-schema';
import { billingProfiles, subscriptions } from '../../src/billing/schema';
import { recordUsage } from '../../src/billing/usage-ledger';
import { type StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { plans } from '../../src/plans/schema';
import { chargeFaxPages } from '../../src/faxes/charge-pages';
import { failFax } from '../../src/faxes/fax-state';
import { faxes } from '../../src/faxes/schema';
import { sendFaxRequest } from '../support/faxes';
import { adminSession, callApi, errorOf, signIn, type TestApp } from '../support/test-app';
import { until } from '../support/until';
import { openAppWithStripe } from '../support/stripe-billing';

// The account's billing details and its invoices (issue 36, decision 084): the details are checked per country and
// given to Stripe's customer, the invoices listed from Stripe, and each downloaded as Faxline's own PDF, which qpdf
// finds well formed and pdftotext reads. The `stripe` package on both sides, pointed at the Stripe simulator.

const run = promisify(execFile);
const SECRET_KEY = 'sk_test_faxline';
const WEBHOOK_SECRET = 'whsec_faxlinetest';

let t: TestApp;
let simulator: StripeSimulator;
let stripe: Stripe;
let professional: { id: string; yearlyCents: number; pages: number };
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'faxline-invoices-'));
  // A fax clock of 1/1000: the fax beyond the plan is delivered at once.
  ({ t, simulator, stripe } = await openAppWithStripe(
    { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    { FAX_CLOCK_SCALE: '0.001' },
  ));

  const [plan] = await t.db.select().from(plans).where(eq(plans.slug, 'professional'));
  const product = await stripe.products.create({ name: plan!.name });
  const yearlyCents = plan!.yearlyMonthlyPriceCents! * 12;
  const yearly = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: yearlyCents,
    recurring: { interval: 'year' },
  });
  await t.db.update(plans).set({ stripeYearlyPriceId: yearly.id }).where(eq(plans.id, plan!.id));
  professional = { id: plan!.id, yearlyCents, pages: plan!.pagesPerMonth! };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const details: TBillingProfile = {
  name: 'Analytische Maschinen GmbH',
  line1: 'Friedrichstraße 12',
  line2: '',
  city: 'Berlin',
  postalCode: '10117',
  region: '',
  country: 'DE',
  taxId: 'de 123 456 789',
};

/** Pays for a plan (Professional) yearly as the owner would: checkout, the test card on the simulator's page, and Stripe's word. */
async function subscribe(cookie: string, accountId: string, planId = professional.id) {
  const answer = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId, interval: 'year' } });
  expect(answer.statusCode, answer.body).toBe(200);
  const { url } = ZCheckoutResponse.parse(answer.json());
  const paid = await fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ outcome: 'succeed' }), redirect: 'manual' });
  expect(paid.status).toBe(303);
  await until(
    () => t.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)),
    (rows) => rows[0]?.status === 'active',
    'the subscription',
  );
}

async function listInvoices(cookie: string) {
  const answer = await callApi(t.app, 'GET', '/api/billing/invoices', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return ZInvoiceListResponse.parse(answer.json());
}

/** The PDF as pdftotext reads it, after qpdf --check has found it well formed; spaces of any kind as one. */
async function pdfText(body: Buffer, name: string): Promise<string> {
  const file = path.join(scratch, `${name}.pdf`);
  await writeFile(file, body);
  const check = await run('qpdf', ['--check', file]);
  expect(check.stdout).toMatch(/No syntax or stream encoding errors found/);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/[\s\u00a0\u202f]+/g, ' ');
}
const oneSpaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

describe("the account's billing details and invoices", () => {
  it('saves the details with a tax id checked for the country, and refuses a wrong one with a 400 on the field that saves nothing', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    expect(ZBillingProfileResponse.parse((await callApi(t.app, 'GET', '/api/billing/profile', { cookie })).json())).toEqual({
      profile: null,
    });

    const wrong = await callApi(t.app, 'PUT', '/api/billing/profile', { cookie, payload: { ...details, taxId: 'DE12345' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues).toEqual([expect.objectContaining({ path: 'body.taxId' })]);
    expect(wrong.json().error.message).toMatch(/format used in the chosen country/);
    const wrongInFrench = await callApi(t.app, 'PUT', '/api/billing/profile', {
      cookie,
      language: 'fr',
      payload: { ...details, country: 'FR', taxId: 'FR123' },
    });
    expect(wrongInFrench.statusCode).toBe(400);
    expect(wrongInFrench.json().error.message).toMatch(/n'a pas le format du pays choisi/);
    expect(await t.db.select().from(billingProfiles).where(eq(billingProfiles.accountId, account.id))).toEqual([]);

    const saved = await callApi(t.app, 'PUT', '/api/billing/profile', { cookie, payload: details });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZBillingProfileResponse.parse(saved.json()).profile).toEqual({ ...details, taxId: 'DE 123 456 789' });
    expect(ZBillingProfileResponse.parse((await callApi(t.app, 'GET', '/api/billing/profile', { cookie })).json()).profile).toMatchObject({
      name: details.name,
      taxId: 'DE 123 456 789',
    });
  });

  it("lists the invoice of a subscription bought with the details, and downloads Faxline's PDF of it in the owner's language", async () => {
    const settings = t.env.systemSettings;
    const seller = 'Faxline SAS\n10 rue de la Paix, 75002 Paris, France\nTVA FR12345678901';
    await settings.save({ values: { ...(await settings.current()), invoiceSellerDetails: seller }, secrets: {} }, 'test');
    const account = await createAccount(t);
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, account.owner.id));
    const cookie = await signIn(t.app, account.owner.email);
    expect((await callApi(t.app, 'PUT', '/api/billing/profile', { cookie, payload: details })).statusCode).toBe(200);
    expect(await listInvoices(cookie)).toEqual({ invoices: [], nextAfter: null });

    await subscribe(cookie, account.id);
    // The checkout made Stripe's customer from the saved details.
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id));
    const customer = await stripe.customers.retrieve(row!.customerId, { expand: ['tax_ids'] });
    expect(customer).toMatchObject({ name: details.name, address: { city: 'Berlin', country: 'DE', postal_code: '10117' } });
    expect((customer as Stripe.Customer).tax_ids?.data.map((taxId) => [taxId.type, taxId.value])).toEqual([['eu_vat', 'DE123456789']]);

    const { invoices, nextAfter } = await listInvoices(cookie);
    expect(nextAfter).toBeNull();
    expect(invoices).toEqual([
      expect.objectContaining({
        status: 'paid',
        currency: 'USD',
        total: professional.yearlyCents,
        amountPaid: professional.yearlyCents,
        amountDue: 0,
      }),
    ]);
    const [invoice] = invoices;
    expect(invoice!.number).toMatch(/^SIM-\d{4}$/);
    const days = (Date.parse(invoice!.periodEnd) - Date.parse(invoice!.periodStart)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);

    const pdf = await callApi(t.app, 'GET', `/api/billing/invoices/${invoice!.id}/pdf`, { cookie });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice!.number}.pdf"`);
    const text = await pdfText(pdf.rawPayload, invoice!.id);
    const total = oneSpaced(new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(professional.yearlyCents / 100));
    expect(total).toMatch(/\$US$/);
    expect(text).toContain(invoice!.number!);
    expect(text).toContain(`Total ${total}`);
    expect(text).toContain('N° de TVA : DE123456789');
    expect(text).toContain('Facture');
    expect(text).toContain('Analytische Maschinen GmbH');
    expect(text).toContain('Allemagne');
    expect(text).toContain('Mode test');
    expect(text).toContain('Faxline SAS');
    expect(text).toContain('TVA FR12345678901');

    // New details reach Stripe's customer and the next invoice; this one keeps those it was made with.
    const moved = { ...details, country: 'AT' as const, city: 'Wien', postalCode: '1010', taxId: 'ATU12345678' };
    expect((await callApi(t.app, 'PUT', '/api/billing/profile', { cookie, payload: moved })).statusCode).toBe(200);
    const after = await stripe.customers.retrieve(row!.customerId, { expand: ['tax_ids'] });
    expect((after as Stripe.Customer).tax_ids?.data.map((taxId) => taxId.value)).toEqual(['ATU12345678']);
    expect(
      await pdfText((await callApi(t.app, 'GET', `/api/billing/invoices/${invoice!.id}/pdf`, { cookie })).rawPayload, 'again'),
    ).toContain('DE123456789');
  });

  it("answers 404 for another account's invoice and for one that does not exist", async () => {
    const payer = await createAccount(t);
    const payerCookie = await signIn(t.app, payer.owner.email);
    await subscribe(payerCookie, payer.id);
    const [invoice] = (await listInvoices(payerCookie)).invoices;

    const other = await createAccount(t);
    const otherCookie = await signIn(t.app, other.owner.email);
    await subscribe(otherCookie, other.id);
    const theirs = await callApi(t.app, 'GET', `/api/billing/invoices/${invoice!.id}/pdf`, { cookie: otherCookie });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toMatch(/not this account's/);
    expect((await callApi(t.app, 'GET', '/api/billing/invoices/in_nothing/pdf', { cookie: otherCookie })).statusCode).toBe(404);
    expect((await callApi(t.app, 'GET', '/api/billing/invoices/not%20an%20id/pdf', { cookie: otherCookie })).statusCode).toBe(400);
    expect((await listInvoices(otherCookie)).invoices.map((listed) => listed.id)).not.toContain(invoice!.id);
  });

  it('is for the owner and the Billing role: a User sub-user gets 403 on every route, a Billing member lists and downloads but cannot send', async () => {
    const account = await createAccount(t, { members: [{ role: 'billing' }, { role: 'user' }] });
    const [billing, user] = account.members;
    const billingCookie = await signIn(t.app, billing!.email);
    expect((await callApi(t.app, 'PUT', '/api/billing/profile', { cookie: billingCookie, payload: details })).statusCode).toBe(200);
    await subscribe(billingCookie, account.id);
    const [invoice] = (await listInvoices(billingCookie)).invoices;
    const pdf = await callApi(t.app, 'GET', `/api/billing/invoices/${invoice!.id}/pdf`, { cookie: billingCookie });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload, 'billing-member')).toContain(invoice!.number!);

    // The Billing role pays for the faxes; it sends none (spec 001 §2.8), on a plan that would let the others send.
    const send = await sendFaxRequest(t.app, billingCookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine' }, [
      { name: 'referral.pdf', bytes: await makePdf(1) },
    ]);
    expect(send.statusCode, send.body).toBe(403);
    expect(errorOf(send).code).toBe('errors.forbidden');
    expect(await t.db.select().from(faxes).where(eq(faxes.accountId, account.id))).toEqual([]);

    const userCookie = await signIn(t.app, user!.email);
    const routes: [string, string, object?][] = [
      ['GET', '/api/billing/profile'],
      ['PUT', '/api/billing/profile', { ...details, name: 'Someone Else' }],
      ['GET', '/api/billing/invoices'],
      ['GET', `/api/billing/invoices/${invoice!.id}/pdf`],
    ];
    for (const [method, url, payload] of routes) {
      const answer = await callApi(t.app, method as 'GET', url, { cookie: userCookie, ...(payload ? { payload } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    const [profile] = await t.db.select().from(billingProfiles).where(eq(billingProfiles.accountId, account.id));
    expect(profile!.name).toBe(details.name);
  });
});

// A HIPAA plan is bought with a signed business associate agreement (issue 36 item 6, decision 090): the server refuses
// its checkout and a change to it until the owner has signed the version in force; the signed PDF is kept encrypted
// and downloaded by the owner and Billing members; arriving on the plan turns documents in e-mails off.
describe('the business associate agreement of a HIPAA plan', () => {
  let hipaa: string;
  beforeAll(async () => {
    const [plan] = await t.db.select().from(plans).where(eq(plans.slug, 'hipaa-basic'));
    const product = await stripe.products.create({ name: plan!.name });
    const yearly = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: plan!.monthlyPriceCents! * 10,
      recurring: { interval: 'year' },
    });
    await t.db.update(plans).set({ stripeYearlyPriceId: yearly.id }).where(eq(plans.id, plan!.id));
    hipaa = plan!.id;
  });

  const signing: TBaaSignRequest = {
    version: BAA_VERSION,
    signerName: 'Ada Lovelace',
    signerTitle: 'Practice manager',
    organisation: 'Northside Family Clinic',
    agreed: true,
  };
  const sign = (cookie: string, payload: object = signing, language?: string) =>
    callApi(t.app, 'POST', '/api/billing/baa', { cookie, payload, ...(language ? { language } : {}) });
  const agreementOf = async (cookie: string) => ZBaaResponse.parse((await callApi(t.app, 'GET', '/api/billing/baa', { cookie })).json());
  const checkout = (cookie: string, planId: string) =>
    callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId, interval: 'year' } });

  it('refuses the checkout until the owner signs, keeps the signed PDF for the owner and Billing, and turns documents in e-mails off', async () => {
    const account = await createAccount(t, { members: [{ role: 'billing' }, { role: 'user' }] });
    const [billing, user] = account.members;
    const cookie = await signIn(t.app, account.owner.email);
    const [billingCookie, userCookie] = await Promise.all([signIn(t.app, billing!.email), signIn(t.app, user!.email)]);
    await t.db.update(accounts).set({ documentsInEmail: true }).where(eq(accounts.id, account.id));

    const before = await agreementOf(cookie);
    expect(before).toMatchObject({ version: BAA_VERSION, signedCurrent: false, signatures: [] });
    expect(before.paragraphs.join(' ')).toMatch(/protected health information/);
    const refused = await checkout(cookie, hipaa);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'errors.baaRequired', message: expect.stringMatching(/sign it on the Billing page/) });

    // Only the owner signs for the organisation; empty fields and a text other than the one in force are refused.
    expect((await sign(billingCookie)).statusCode).toBe(403);
    expect((await sign(userCookie)).statusCode).toBe(403);
    expect((await callApi(t.app, 'GET', '/api/billing/baa', { cookie: userCookie })).statusCode).toBe(403);
    const empty = await sign(cookie, { ...signing, signerName: '  ' }, 'fr');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).issues).toEqual([{ path: 'body.signerName', message: 'Saisissez le nom de la personne qui signe.' }]);
    expect((await sign(cookie, { ...signing, agreed: false })).statusCode).toBe(400);
    const stale = await sign(cookie, { ...signing, version: '2020-01' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('errors.baaVersionChanged');
    expect(await t.db.select().from(baaSignatures).where(eq(baaSignatures.accountId, account.id))).toEqual([]);

    const signed = await sign(cookie);
    expect(signed.statusCode, signed.body).toBe(201);
    const signature = ZBaaSignature.parse(signed.json());
    expect(signature).toMatchObject({ version: BAA_VERSION, signerName: 'Ada Lovelace', organisation: 'Northside Family Clinic' });
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'billing.baa_signed')));
    expect(audited).toMatchObject({
      actorUserId: account.owner.id,
      objectId: signature.id,
      details: expect.objectContaining({ version: BAA_VERSION }),
    });
    expect(await agreementOf(billingCookie)).toMatchObject({ signedCurrent: true, signatures: [signature] });

    const pdf = await callApi(t.app, 'GET', `/api/billing/baa/${signature.id}/pdf`, { cookie: billingCookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload, 'baa');
    for (const part of [
      'Business Associate Agreement',
      'Ada Lovelace',
      'Practice manager',
      'Northside Family Clinic',
      `Version ${BAA_VERSION}`,
    ])
      expect(text).toContain(part);
    // What is downloaded is what the file store keeps, decrypted.
    const [row] = await t.db.select().from(baaSignatures).where(eq(baaSignatures.id, signature.id));
    expect(Buffer.from(await t.files.get(row!.fileKey)).equals(pdf.rawPayload)).toBe(true);
    expect((await callApi(t.app, 'GET', `/api/billing/baa/${signature.id}/pdf`, { cookie: userCookie })).statusCode).toBe(403);
    const stranger = await signIn(t.app, (await createAccount(t)).owner.email);
    expect((await callApi(t.app, 'GET', `/api/billing/baa/${signature.id}/pdf`, { cookie: stranger })).statusCode).toBe(404);

    await subscribe(cookie, account.id, hipaa);
    const [moved] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(moved).toMatchObject({ planId: hipaa, documentsInEmail: false });
  });

  it('asks for a new signature when the text has a new version, also for a change of plan, keeps the old one on record, and removes the PDFs with the account', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    await subscribe(cookie, account.id);
    const preview = () => callApi(t.app, 'POST', '/api/billing/change/preview', { cookie, payload: { planId: hipaa, interval: 'year' } });
    expect(errorOf(await preview()).code).toBe('errors.baaRequired');

    const first = ZBaaSignature.parse((await sign(cookie)).json());
    expect((await preview()).statusCode).toBe(200);
    // The text in force moved on since: what was signed is now an earlier version.
    await t.db.update(baaSignatures).set({ version: '2020-01' }).where(eq(baaSignatures.id, first.id));
    const change = await callApi(t.app, 'POST', '/api/billing/change', {
      cookie,
      payload: { planId: hipaa, interval: 'year', expectedAmountCents: 0, quotedAt: new Date().toISOString() },
    });
    expect(change.statusCode).toBe(409);
    expect(errorOf(change).code).toBe('errors.baaRequired');
    expect(await agreementOf(cookie)).toMatchObject({ signedCurrent: false, signatures: [{ id: first.id, version: '2020-01' }] });

    const second = ZBaaSignature.parse((await sign(cookie)).json());
    expect((await agreementOf(cookie)).signatures.map((kept) => kept.id)).toEqual([second.id, first.id]);
    expect((await preview()).statusCode).toBe(200);

    // Deleting the account takes the signed PDFs from the file store with it.
    const keys = (await t.db.select().from(baaSignatures).where(eq(baaSignatures.accountId, account.id))).map((row) => row.fileKey);
    const deleted = await callApi(t.app, 'DELETE', '/api/account', { cookie, payload: { password: account.owner.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(baaSignatures).where(eq(baaSignatures.accountId, account.id))).toEqual([]);
    for (const key of keys) await expect(t.files.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('pages beyond the plan (decision 093)', () => {
  it('sends past the plan on a plan that bills them, and bills the pages beyond on the next invoice, as the ledger CSV says', async () => {
    const OVERAGE_CENTS = 12;
    await t.db.update(plans).set({ overageCentsPerPage: OVERAGE_CENTS }).where(eq(plans.id, professional.id));
    try {
      const account = await createAccount(t);
      const cookie = await signIn(t.app, account.owner.email);
      expect((await callApi(t.app, 'PUT', '/api/billing/profile', { cookie, payload: details })).statusCode).toBe(200);
      await subscribe(cookie, account.id);
      // All the plan's pages but one are used this period.
      await recordUsage(t.db, {
        accountId: account.id,
        faxId: crypto.randomUUID(),
        direction: 'outbound',
        otherNumber: SANDBOX_TEST_NUMBERS.delivers,
        pages: professional.pages - 1,
        kind: 'included',
        rateCents: 0,
        currency: 'USD',
        at: new Date(),
      });

      // 1 page in the plan, 2 beyond it: sent at the price the send form showed (decision 096).
      const sent = await sendFaxRequest(
        t.app,
        cookie,
        { recipientNumber: SANDBOX_TEST_NUMBERS.delivers, faxQuality: 'fine', quotedTotalCents: 2 * OVERAGE_CENTS },
        [{ name: 'referral.pdf', bytes: await makePdf(3) }],
      );
      expect(sent.statusCode, sent.body).toBe(202);
      const { faxId } = ZSendFaxResponse.parse(sent.json());
      const lines = await until(
        () => t.db.select().from(usageLedger).where(eq(usageLedger.faxId, faxId)).orderBy(usageLedger.id),
        (rows) => rows.length === 2,
        'the delivered fax in the ledger',
      );
      expect(lines.map((line) => [line.kind, line.pages, line.rateCents])).toEqual([
        ['included', 1, 0],
        ['overage', 2, OVERAGE_CENTS],
      ]);
      const [item] = await until(
        () => t.db.select().from(usageInvoiceItems).where(eq(usageInvoiceItems.ledgerLineId, lines[1]!.id)),
        (rows) => rows.length === 1,
        'the invoice item',
      );
      const pending = await stripe.invoiceItems.retrieve(item!.itemId);
      expect(pending).toMatchObject({
        amount: 2 * OVERAGE_CENTS,
        quantity: 2,
        invoice: null,
        metadata: { ledger_line: String(lines[1]!.id) },
      });

      // The year ends: the renewal invoice carries the pages beyond the plan, once.
      simulator.advanceTime(366 * 86_400_000);
      const renewal = await until(
        async () => (await listInvoices(cookie)).invoices,
        (invoices) => invoices.length === 2,
        'the renewal invoice',
      );
      expect(renewal[0]).toMatchObject({ status: 'paid', total: professional.yearlyCents + 2 * OVERAGE_CENTS });
      const invoiceLines = (await stripe.invoices.retrieve(renewal[0]!.id)).lines.data;
      const overageLines = invoiceLines.filter((line) => line.parent?.invoice_item_details?.invoice_item === item!.itemId);
      expect(overageLines.map((line) => [line.quantity, line.amount])).toEqual([[2, 2 * OVERAGE_CENTS]]);

      // The ledger's CSV of these days (in any time zone): its amount beyond the plan is what the invoice charged for it.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const csv = await callApi(t.app, 'GET', `/api/billing/usage.csv?from=${day(-1)}&to=${day(1)}`, { cookie });
      expect(csv.statusCode, csv.body).toBe(200);
      const rows = (parse(csv.body, { bom: true }) as string[][]).slice(1);
      const total = rows.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(Math.round(Number(total[7]) * 100)).toBe(overageLines[0]!.amount);
    } finally {
      await t.db.update(plans).set({ overageCentsPerPage: null }).where(eq(plans.id, professional.id));
    }
  }, 120_000);
});

describe('international rates and quotes (decision 096)', () => {
  const UK = '+442079460958';
  const UK_CENTS = 5;

  async function payingCustomer() {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    await subscribe(cookie, account.id);
    return { account, cookie };
  }
  const quoteOf = async (cookie: string, request: Record<string, unknown>, pdf: Uint8Array, language = 'en') => {
    const answer = await sendFaxRequest(
      t.app,
      cookie,
      { faxQuality: 'fine', ...request },
      [{ name: 'letter.pdf', bytes: pdf }],
      {
        'accept-language': language,
      },
      '/api/faxes/quote',
    );
    return answer;
  };
  const linesOf = (faxId: string, count: number) =>
    until(
      () => t.db.select().from(usageLedger).where(eq(usageLedger.faxId, faxId)).orderBy(usageLedger.id),
      (rows) => rows.length === count,
      'the delivered fax in the ledger',
    );

  it('quotes a fax to the United Kingdom at 5 cents a page, refuses a send that did not see it, and bills the quoted price once', async () => {
    const { cookie } = await payingCustomer();
    const pdf = await makePdf(2);
    const quoted = await quoteOf(cookie, { recipientNumber: UK }, pdf);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(ZFaxQuote.parse(quoted.json())).toEqual({
      currency: 'USD',
      totalCents: 2 * UK_CENTS,
      pagesKnown: true,
      recipients: [
        {
          number: UK,
          country: 'GB',
          pages: 2,
          overagePages: 0,
          overageCentsPerPage: null,
          internationalCentsPerPage: UK_CENTS,
          cents: 2 * UK_CENTS,
        },
      ],
    });

    // The form's send carries the price it showed: without it, a send that costs money is refused and stores nothing.
    const unseen = await sendFaxRequest(t.app, cookie, { recipientNumber: UK, faxQuality: 'fine' }, [{ name: 'letter.pdf', bytes: pdf }]);
    expect(unseen.statusCode).toBe(409);
    expect(errorOf(unseen)).toMatchObject({ code: 'errors.quoteChanged', message: expect.stringContaining('$0.10') });

    const sent = await sendFaxRequest(t.app, cookie, { recipientNumber: UK, faxQuality: 'fine', quotedTotalCents: 2 * UK_CENTS }, [
      { name: 'letter.pdf', bytes: pdf },
    ]);
    expect(sent.statusCode, sent.body).toBe(202);
    const accepted = ZSendFaxResponse.parse(sent.json());
    expect(accepted.quote?.totalCents).toBe(2 * UK_CENTS);
    const lines = await linesOf(accepted.faxId, 2);
    expect(lines.map((line) => [line.kind, line.pages, line.rateCents])).toEqual([
      ['international', 2, UK_CENTS],
      ['included', 2, 0],
    ]);
    const [item] = await until(
      () => t.db.select().from(usageInvoiceItems).where(eq(usageInvoiceItems.ledgerLineId, lines[0]!.id)),
      (rows) => rows.length === 1,
      'the invoice item',
    );
    expect(await stripe.invoiceItems.retrieve(item!.itemId)).toMatchObject({ amount: 2 * UK_CENTS, quantity: 2, invoice: null });
  }, 60_000);

  it('charges the quoted rate when the back office raises it before delivery, and refuses a send quoted at the old price', async () => {
    const { account, cookie } = await payingCustomer();
    const admin = await adminSession(t);
    const setUkRate = (centsPerPage: number) =>
      callApi(t.app, 'PUT', '/api/admin/international-rates/GB', { cookie: admin.cookie, payload: { centsPerPage } });
    const pdf = await makePdf(1);
    try {
      // Quoted and accepted at 5 cents, sent a few seconds later.
      const sent = await sendFaxRequest(
        t.app,
        cookie,
        { recipientNumber: UK, faxQuality: 'fine', quotedTotalCents: UK_CENTS, scheduledAt: new Date(Date.now() + 3_000).toISOString() },
        [{ name: 'letter.pdf', bytes: pdf }],
      );
      expect(sent.statusCode, sent.body).toBe(202);
      const { faxId } = ZSendFaxResponse.parse(sent.json());
      expect((await setUkRate(9)).statusCode).toBe(200);

      // A new send is quoted at the new rate; one carrying the old price is refused, in the sender's words.
      const requoted = ZFaxQuote.parse((await quoteOf(cookie, { recipientNumber: UK }, pdf)).json());
      expect(requoted.totalCents).toBe(9);
      const stale = await sendFaxRequest(t.app, cookie, { recipientNumber: UK, faxQuality: 'fine', quotedTotalCents: UK_CENTS }, [
        { name: 'letter.pdf', bytes: pdf },
      ]);
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).message).toContain('$0.09');

      const lines = await linesOf(faxId, 2);
      expect(lines.find((line) => line.kind === 'international')).toMatchObject({ pages: 1, rateCents: UK_CENTS });
      expect(await t.db.select().from(usageLedger).where(eq(usageLedger.accountId, account.id))).toHaveLength(2);
    } finally {
      await setUkRate(UK_CENTS);
    }
  }, 60_000);

  it('prices nothing within the plan at home, charges nothing for a fax that fails, and refuses a country without a rate', async () => {
    const { account, cookie } = await payingCustomer();
    const pdf = await makePdf(1);
    const home = ZFaxQuote.parse((await quoteOf(cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers }, pdf)).json());
    expect(home).toMatchObject({ totalCents: 0, recipients: [{ country: null, internationalCentsPerPage: null, cents: 0 }] });

    // A fax to the United Kingdom that ends failed: quoted, and charged nothing.
    const sent = await sendFaxRequest(
      t.app,
      cookie,
      { recipientNumber: UK, faxQuality: 'fine', quotedTotalCents: UK_CENTS, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
      [{ name: 'letter.pdf', bytes: pdf }],
    );
    const { faxId } = ZSendFaxResponse.parse(sent.json());
    const [kept] = await t.db.select({ quotedTerms: faxes.quotedTerms }).from(faxes).where(eq(faxes.id, faxId));
    expect(kept?.quotedTerms).toMatchObject({ internationalCentsPerPage: UK_CENTS });
    await failFax(t.db, faxId, ['scheduled'], 'busy', 'busy');
    expect(await chargeFaxPages(t.db, faxId)).toEqual({ charged: null, billableLineIds: [] });
    expect(await t.db.select().from(usageLedger).where(eq(usageLedger.accountId, account.id))).toEqual([]);

    // Japan is seeded, Brazil is not: a translated 400 that names the number and its country, nothing stored.
    const brazil = await quoteOf(cookie, { recipientNumber: '+551133334444' }, pdf, 'es');
    expect(brazil.statusCode).toBe(400);
    expect(errorOf(brazil)).toMatchObject({ code: 'errors.noInternationalRate', message: expect.stringContaining('+551133334444 (BR)') });
    const bad = await quoteOf(cookie, { recipientNumber: UK, quotedTotalCents: -1 }, pdf, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('Le total du devis doit être un nombre entier de centimes, 0 ou plus.');
  }, 60_000);
});
