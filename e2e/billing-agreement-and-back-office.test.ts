import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  HIPAA_PASSWORD_MIN_LENGTH,
  ZBaaResponse,
  ZBillingResponse,
  ZSecurityPolicy,
  ZTwoFactorEnrolResponse,
  ZUsage,
  type TBaaResponse,
} from '@faxline/shared';
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD } from '@test-support/factories/values';
import enAdmin from '../apps/web/src/locales/en/admin.json';
import enBilling from '../apps/web/src/locales/en/billing.json';
import enCommon from '../apps/web/src/locales/en/common.json';
import esBilling from '../apps/web/src/locales/es/billing.json';
import frBilling from '../apps/web/src/locales/fr/billing.json';
import { createPlatformAdmin, onPlan, signedInPerson } from './support/accounts';
import { collectConsoleErrors, expectNoAccessibilityViolations, newContext, type Viewport } from './support/browser';
import { overflowOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

// A HIPAA plan bought with the business associate agreement signed in the browser (decision 090), and the back
// office's billing of a customer (decision 091): the dialogs a person uses, with the keyboard where it matters, axe
// clean, each state seeded through the server's own API.

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-e2e-billing-office-');

const HIPAA_PLAN = 'HIPAA Basic';

// The operator of the back office's tests, made with the operators' own command (a process of its own, some seconds)
// while the first tests run.
let admin: Promise<{ email: string; password: string }>;
beforeAll(() => {
  admin = createPlatformAdmin();
  // Awaited by the back office's tests, which fail with its error; no unhandled rejection meanwhile.
  admin.catch(() => undefined);
});

/** A text of the locale files with its {{placeholders}} filled in, as i18next fills them. */
const filled = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The agreement in force as the server gives it to the person of `context`, in `language`. */
async function agreementFor(context: BrowserContext, language: string): Promise<TBaaResponse> {
  const answer = await context.request.get('/api/billing/baa', { headers: { 'accept-language': language } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ZBaaResponse.parse(await answer.json());
}

/** Presses Tab until `target` has the focus, as a keyboard user moves to it; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} was not reached in ${most} presses of Tab`);
}

/** What a screen reader is given for the focused control: its label, whether it is invalid, and its description. */
const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const describedBy = element?.getAttribute('aria-describedby') ?? '';
    return {
      label: element?.labels?.[0]?.textContent ?? null,
      invalid: element?.getAttribute('aria-invalid') ?? null,
      description: describedBy
        .split(' ')
        .map((id) => (id ? document.getElementById(id)?.textContent : ''))
        .join(' ')
        .trim(),
    };
  });

/** The owner of a new account on /user/billing in `language`, once the agreement's state is read (the dialog needs it). */
/**
 * Two-factor sign-in turned on through the API the settings use: a HIPAA plan asks it of everyone of the account
 * (decision 109), so an owner who buys one without it is sent to set it up first (e2e/two-factor.test.ts walks that).
 */
async function turnOnTwoFactor(context: BrowserContext) {
  const headers = { origin: inject('baseUrl') };
  const enrol = await context.request.post('/api/two-factor/enrol', { headers, data: { password: PASSWORD } });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const { key } = ZTwoFactorEnrolResponse.parse(await enrol.json());
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate();
  const confirmed = await context.request.post('/api/two-factor/confirm', { headers, data: { code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function ownerOnBilling(language: 'en' | 'es' | 'fr', texts: typeof enBilling, options: { twoFactor?: boolean } = {}) {
  const context = await newContext(browser, { locale: language });
  await context.addInitScript((code) => localStorage.setItem('language', code), language);
  await signedInPerson(context, 'Ada Lovelace');
  if (options.twoFactor) await turnOnTwoFactor(context);
  const agreement = await agreementFor(context, language);
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto('/user/billing');
  await visible(page.getByText(filled(texts.baa.unsignedOwner, { version: agreement.version }), { exact: true }));
  const choose = page
    .getByRole('article', { name: HIPAA_PLAN, exact: true })
    .getByRole('button', { name: `${texts.plans.payWith.stripe} ${HIPAA_PLAN}` });
  await visible(choose);
  return { context, page, errors, agreement, choose };
}

describe('a HIPAA plan asks the owner to sign the business associate agreement first (decision 090)', () => {
  it('is signed with the keyboard alone, each missing field said on its control, then paid for; the signed PDF downloads', async () => {
    const texts = enBilling;
    const { context, page, errors, agreement, choose } = await ownerOnBilling('en', texts, { twoFactor: true });

    // As a keyboard user goes: past the sidebar by the skip link, then through the page to the plan.
    await tabTo(page, page.getByRole('link', { name: enCommon.skipToMain }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: agreement.title });
    await visible(dialog);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await visible(dialog.getByText(filled(texts.baa.intro, { plan: HIPAA_PLAN }), { exact: true }));
    await visible(dialog.getByRole('region', { name: filled(texts.baa.textLabel, { version: agreement.version }) }));
    await visible(dialog.getByText(agreement.paragraphs[0]!, { exact: true }));
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date()));
    await visible(dialog.getByText(today, { exact: true }));

    // Sign with nothing filled in: each missing field in turn takes the focus with its message as its description.
    const sign = dialog.getByRole('button', { name: texts.baa.sign, exact: true });
    await tabTo(page, sign);
    await page.keyboard.press('Enter');
    const steps = [
      ['signerName', 'Ada Lovelace'],
      ['signerTitle', 'Practice manager'],
      ['organisation', 'Northside Family Clinic'],
    ] as const;
    for (const [field, value] of steps) {
      await expect
        .poll(() => focusedControl(page))
        .toEqual({
          label: texts.baa.fields[field],
          invalid: 'true',
          description: texts.baa.required[field],
        });
      await page.keyboard.type(value);
      // Enter in a text field sends the form, as it does in any form.
      await page.keyboard.press('Enter');
    }
    await expect
      .poll(() => focusedControl(page))
      .toEqual({
        label: texts.baa.fields.agreed,
        invalid: 'true',
        description: texts.baa.required.agreed,
      });
    // Axe with the dialog open in its richest state: the three fields filled, the box's problem said.
    await expectNoAccessibilityViolations(page);
    await page.keyboard.press('Space');
    expect(await dialog.getByLabel(texts.baa.fields.agreed).isChecked()).toBe(true);
    await tabTo(page, sign);
    await page.keyboard.press('Enter');

    // Signed, the checkout goes on: the simulator's payment page, then the plan in force.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/checkout\//);
    await page.getByRole('button', { name: 'Pay with test card 4242' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/billing');
    const planCard = page.getByRole('region', { name: texts.yourPlan.heading });
    await visible(planCard.getByText(texts.status.active, { exact: true }), 20_000);
    await visible(planCard.getByText(HIPAA_PLAN, { exact: true }));
    await visible(
      page.getByRole('article', { name: HIPAA_PLAN, exact: true }).getByRole('button', { name: texts.plans.current, exact: true }),
    );
    // The plan brought its sign-in rules: 12 characters and two-factor sign-in for everyone (decision 109).
    const policy = ZSecurityPolicy.parse(await (await context.request.get('/api/account/security-policy')).json());
    expect(policy).toEqual({ passwordMinLength: HIPAA_PASSWORD_MIN_LENGTH, requireTwoFactor: true, hipaaPlan: true });

    // The agreement's card: signed, and its PDF holds what was signed.
    const [signature] = (await agreementFor(context, 'en')).signatures;
    expect(signature).toMatchObject({
      signerName: 'Ada Lovelace',
      signerTitle: 'Practice manager',
      organisation: 'Northside Family Clinic',
    });
    await visible(page.getByText(filled(texts.baa.signedCurrent, { version: agreement.version }), { exact: true }));
    const signedOn = await page.evaluate(
      (at) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(at)),
      signature!.signedAt,
    );
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'baa-en-signed.png'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: filled(texts.baa.downloadLabel, { version: agreement.version, date: signedOn }) }).click(),
    ]);
    const pdf = path.join(screenshots(), 'baa-en.pdf');
    await download.saveAs(pdf);
    expect((await fs.readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors found/);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const part of ['Ada Lovelace', 'Practice manager', 'Northside Family Clinic', `Version ${agreement.version}`])
      expect(text).toContain(part);

    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['es', esBilling],
    ['fr', frBilling],
  ] as const)('shows its texts in %s, the missing name said in that language', async (language, texts) => {
    const { context, page, errors, agreement, choose } = await ownerOnBilling(language, texts);
    await choose.click();
    const dialog = page.getByRole('dialog', { name: agreement.title });
    await visible(dialog);
    await visible(dialog.getByText(filled(texts.baa.intro, { plan: HIPAA_PLAN }), { exact: true }));
    await visible(dialog.getByText(agreement.paragraphs[0]!, { exact: true }));
    for (const field of ['signerName', 'signerTitle', 'organisation', 'agreed'] as const)
      await visible(dialog.getByLabel(texts.baa.fields[field], { exact: true }));
    await visible(dialog.getByText(texts.baa.fields.date, { exact: true }));
    await dialog.getByRole('button', { name: texts.baa.sign, exact: true }).click();
    await visible(dialog.getByText(texts.baa.required.signerName, { exact: true }));
    // No key of the locale files shown in place of its text.
    expect(await dialog.innerText()).not.toMatch(/\bbaa\.\w+/);
    await wholePageScreenshot(page, path.join(screenshots(), `baa-${language}-dialog.png`));
    await dialog.getByRole('button', { name: texts.baa.cancel, exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the back office's billing of a customer (decision 091)", () => {
  const texts = enAdmin.users.billing;

  /** A page of the back office at the viewport, its access given by the admin login's API. */
  async function backOffice(viewport: Viewport): Promise<Page> {
    const context = await newContext(browser, { viewport });
    const access = await context.request.post('/api/admin-access', { data: await admin, headers: { origin: inject('baseUrl') } });
    expect(access.status(), await access.text()).toBe(200);
    return context.newPage();
  }

  /** Axe with the dialog open, and nothing in it wider than the screen but what scrolls in its own region. */
  async function checkDialog(page: Page, step: string) {
    await expectNoAccessibilityViolations(page);
    const overflow = await overflowOf(page, { within: '[role="dialog"]', scrollingRegionsAllowed: true });
    expect(overflow.offenders).toEqual([]);
    await page.screenshot({ path: path.join(screenshots(), `back-office-${step}.png`) });
  }

  it.each(['desktop', 'phone'] as const)(
    'at %s: refunds part of a paid invoice as a credit note, and grants a plan with a reason once the account pays nothing',
    async (viewport) => {
      const customer = await newContext(browser);
      const { email } = await signedInPerson(customer, 'Grace Hopper');
      const { simulator } = await onPlan(customer, 'professional');

      const page = await backOffice(viewport);
      const errors = collectConsoleErrors(page);
      await page.goto('/admin/users');
      await page.getByLabel(enAdmin.users.searchLabel).fill(email);
      const opener = page.getByRole('button', { name: filled(texts.openLabel, { email }) });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: filled(texts.title, { email }) });
      const fact = (term: string) => dialog.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

      // A paying account: its plan and subscription; no grant while it pays, and the reason said.
      await expect.poll(() => fact(texts.plan).textContent()).toBe('Professional');
      await expect.poll(() => fact(texts.status).textContent()).toBe(texts.statuses.active);
      await visible(dialog.getByText(texts.payingNoGrant, { exact: true }));
      expect(await dialog.getByRole('button', { name: texts.grant }).count()).toBe(0);
      const customerId = (await fact(texts.provider).textContent())!.match(/\((cus_\w+)\)/)![1]!;

      // Its paid invoice, refunded in part to the card.
      const invoices = dialog.getByRole('table');
      const row = invoices.getByRole('row').nth(1);
      await visible(row);
      const number = (await row.getByRole('rowheader').textContent())!.trim();
      expect(await row.getByRole('cell', { name: texts.invoiceStatuses.paid, exact: true }).count()).toBe(1);
      await row.getByText(texts.refund, { exact: true }).click();
      const refund = row.getByRole('form', { name: filled(texts.refundLabel, { number }) });
      const amount = refund.getByLabel(/^Amount \(at most \$\d+\.\d\d\)$/);
      const before = Number(
        (await amount.evaluate((input) => (input as HTMLInputElement).labels![0]!.textContent))!.match(/\$(\d+\.\d\d)/)![1],
      );
      await amount.fill('5.00');
      await refund.getByLabel(texts.kind).selectOption({ label: texts.kinds.refund });
      await refund.getByLabel(texts.reason).fill('Two faxes lost in March');
      await refund.getByRole('button', { name: texts.issueCreditNote }).click();
      await visible(toast(page, filled(texts.credited, { number })));
      const note = row.getByRole('listitem');
      await expect
        .poll(() => note.textContent())
        .toMatch(new RegExp(`^${number}-CN-01: \\$5\\.00 \\(${texts.kinds.refund}\\), .+Two faxes lost in March$`));
      await visible(row.getByText(`Amount (at most $${(before - 5).toFixed(2)})`, { exact: true }));
      await checkDialog(page, `${viewport}-1-refunded`);

      // Stripe holds the credit note the dialog lists.
      const stripe = new Stripe('sk_test_e2e', { host: simulator.hostname, port: Number(simulator.port), protocol: 'http' });
      const notes = await stripe.creditNotes.list({ customer: customerId });
      expect(notes.data).toEqual([expect.objectContaining({ amount: 500, memo: 'Two faxes lost in March', type: 'post_payment' })]);

      // The subscription ends at Stripe (as its dashboard ends one): the account pays for nothing, a plan can be granted.
      const [subscription] = (await stripe.subscriptions.list({ customer: customerId })).data;
      await stripe.subscriptions.cancel(subscription!.id);
      await expect
        .poll(async () => ZBillingResponse.parse(await (await customer.request.get('/api/billing')).json()).subscription?.status, {
          timeout: 20_000,
        })
        .toBe('canceled');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await opener.click();
      await expect.poll(() => fact(texts.status).textContent()).toBe(texts.statuses.canceled);
      const grant = dialog.getByRole('button', { name: texts.grant });
      await dialog.getByLabel(texts.grantPlan, { exact: true }).selectOption({ label: 'Business' });
      await grant.click();
      // The server's words for the field, not its request path ("body.reason: …"), read out at once: the focus stays on
      // the button.
      await expect.poll(() => dialog.getByRole('alert').allTextContents()).toEqual(['Give the reason for this change.']);
      await dialog.getByLabel(texts.reason).first().fill('Charity, free for a year');
      await grant.click();
      await visible(toast(page, texts.granted));
      await expect.poll(() => fact(texts.plan).textContent()).toBe('Business');
      await checkDialog(page, `${viewport}-2-granted`);
      const usage = ZUsage.parse(await (await customer.request.get('/api/usage')).json());
      expect(usage.plan?.name).toBe('Business');

      if (viewport === 'phone') await wholePageScreenshot(page, path.join(screenshots(), 'back-office-phone-page.png'));
      // The one refusal asked for (the grant without a reason), which the browser logs; nothing else.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      await page.context().close();
      await customer.close();
    },
  );
});
