import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ZPlansResponse } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import enAuth from '../apps/web/src/locales/en/auth.json';
import enBilling from '../apps/web/src/locales/en/billing.json';
import enFaxes from '../apps/web/src/locales/en/faxes.json';
import enMarketing from '../apps/web/src/locales/en/marketing.json';
import esAuth from '../apps/web/src/locales/es/auth.json';
import esBilling from '../apps/web/src/locales/es/billing.json';
import esFaxes from '../apps/web/src/locales/es/faxes.json';
import esMarketing from '../apps/web/src/locales/es/marketing.json';
import frAuth from '../apps/web/src/locales/fr/auth.json';
import frBilling from '../apps/web/src/locales/fr/billing.json';
import frFaxes from '../apps/web/src/locales/fr/faxes.json';
import frMarketing from '../apps/web/src/locales/fr/marketing.json';
import { emailedLink } from './support/accounts';
import { collectConsoleErrors, expectNoAccessibilityViolations } from './support/browser';
import { overflowOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const TEXTS = {
  en: { auth: enAuth, billing: enBilling, marketing: enMarketing, faxes: enFaxes },
  es: { auth: esAuth, billing: esBilling, marketing: esMarketing, faxes: esFaxes },
  fr: { auth: frAuth, billing: frBilling, marketing: frMarketing, faxes: frFaxes },
};
type TLanguage = keyof typeof TEXTS;

/** The plan bought in every language: a priced plan that the test-mode checkout sells monthly. */
const PLAN_SLUG = 'professional';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-e2e-billing-');

/** A text of the locale files with its {{placeholders}} filled in, as i18next fills them. */
const filled = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * A signed-out visitor's phone (375 px wide) in `language`, kept where the language menu keeps it, in UTC: the dates
 * the page writes are compared with the same formatter in the same zone.
 */
async function phoneIn(language: TLanguage): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 375, height: 812 },
    locale: language,
    timezoneId: 'UTC',
  });
  await context.addInitScript((code) => localStorage.setItem('language', code), language);
  return context;
}

/** The price as the page's own browser writes it in the language: the page must write it the same way. */
const priceIn = (page: Page, cents: number, currency: string, language: string) =>
  page.evaluate(([amount, code, lng]) => new Intl.NumberFormat(lng, { style: 'currency', currency: code }).format(amount / 100), [
    cents,
    currency,
    language,
  ] as const);

/** A long date as the page's browser writes it in the language, in UTC. */
const longDateIn = (page: Page, iso: string, language: string) =>
  page.evaluate(([at, lng]) => new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at)), [
    iso,
    language,
  ] as const);

/** Axe, no element wider than the phone (the invoices table scrolls in its own region), and a screenshot to look at. */
async function checkState(page: Page, language: TLanguage, step: string) {
  await expectNoAccessibilityViolations(page);
  const overflow = await overflowOf(page, { scrollingRegionsAllowed: true });
  expect(overflow.offenders).toEqual([]);
  // Nothing else widens the page either (a visually hidden text outside its region did once).
  expect(overflow.scrollWidth).toBe(overflow.width);
  await wholePageScreenshot(page, path.join(screenshots(), `billing-${language}-${step}.png`));
}

describe.each(Object.keys(TEXTS) as TLanguage[])('buying a plan in test mode, at phone width, in %s', (language) => {
  const { auth, billing, marketing, faxes } = TEXTS[language];

  it('chooses a plan on /pricing signed out, signs up, pays, downloads the invoice, cancels and undoes it', async () => {
    const context = await phoneIn(language);
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    const catalogue = ZPlansResponse.parse(await (await context.request.get('/api/plans')).json()).plans;
    const plan = catalogue.find((candidate) => candidate.slug === PLAN_SLUG);
    if (!plan?.monthlyPriceCents) throw new Error(`no priced plan ${PLAN_SLUG} in the catalogue`);

    // /pricing, signed out: every price written in the language's currency format.
    await page.goto('/pricing');
    const card = (name: string) => page.getByRole('article', { name, exact: true });
    for (const offered of catalogue.filter((candidate) => candidate.monthlyPriceCents !== null)) {
      const expected = await priceIn(page, offered.monthlyPriceCents!, offered.currency, language);
      await expect.poll(() => card(offered.name).getByTestId('plan-price').textContent()).toBe(expected);
    }
    await checkState(page, language, '1-pricing');

    // Get Started → sign-up, which carries the choice through the e-mailed confirmation link.
    await card(plan.name).getByRole('link', { name: marketing.plans.getStarted }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-up');
    const email = uniqueEmail(`billing-${language}`);
    await page.getByLabel(auth.fields.fullName).fill('Grace Hopper');
    await page.getByLabel(auth.fields.email, { exact: true }).fill(email);
    await page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(auth.fields.confirmPassword).fill(PASSWORD);
    await page.getByRole('button', { name: auth.signUp.submit }).click();
    await visible(page.getByText(filled(auth.signUp.confirmPending, { email }), { exact: true }));
    // The only e-mail to this new address is its confirmation, in the language of the page it signed up on.
    const link = await emailedLink(context.request, email, /./);
    await page.goto(link.pathname + link.search);

    // /user/billing with the plan chosen, in test mode.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/billing');
    await visible(toast(page, auth.confirmation.doneTitle));
    const offer = card(plan.name);
    await visible(offer.getByText(billing.plans.chosen, { exact: true }));
    expect(await offer.getByTestId('plan-price').textContent()).toBe(await priceIn(page, plan.monthlyPriceCents, plan.currency, language));
    await visible(page.getByText(billing.testMode.replace(/<\/?strong>/g, '')));
    await checkState(page, language, '2-chosen');

    // Paid by card (PayPal is offered beside it in test mode): the simulator's hosted checkout page, clicked through.
    await offer.getByRole('button', { name: `${billing.plans.payWith.stripe} ${plan.name}` }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/checkout\//);
    await page.getByRole('button', { name: 'Pay with test card 4242' }).click();

    // Back: the plan is active once Stripe's webhook has said so.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/billing');
    await visible(page.getByText(billing.status.active, { exact: true }), 20_000);
    await visible(page.getByText(billing.checkout.confirmed, { exact: true }));
    await visible(page.getByRole('button', { name: billing.plans.current }));
    const invoiceNumber = page.getByRole('table', { name: billing.invoices.tableLabel }).getByRole('rowheader').first();
    await visible(invoiceNumber);
    await checkState(page, language, '3-active');

    // The invoice, downloaded as its PDF, with its number in it.
    const number = (await invoiceNumber.textContent())!.trim();
    expect(number).toMatch(/\S/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: filled(billing.invoices.downloadLabel, { number }) }).click(),
    ]);
    const pdf = path.join(screenshots(), `billing-${language}-invoice.pdf`);
    await download.saveAs(pdf);
    expect((await fs.readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain(number);

    // Cancel: effective at the period's end, the date said; then undone.
    const { subscription } = (await (await context.request.get('/api/billing')).json()) as { subscription: { currentPeriodEnd: string } };
    const endsOn = await longDateIn(page, subscription.currentPeriodEnd, language);
    await page.getByRole('button', { name: billing.cancel.button }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: billing.cancel.confirm }).click();
    // The toast says it too, in the same words as the subscription's card: each is looked for where it is.
    await visible(toast(page, billing.cancel.done));
    const subscriptionCard = page.getByRole('region', { name: billing.manage.heading });
    await visible(subscriptionCard.getByText(filled(billing.cancel.endsOn, { date: endsOn }), { exact: true }));
    const planCard = page.getByRole('region', { name: billing.yourPlan.heading });
    await visible(planCard.getByText(filled(billing.status.endsOn, { date: endsOn }), { exact: true }));
    await checkState(page, language, '4-cancelled');

    await page.getByRole('button', { name: billing.cancel.undo, exact: true }).click();
    await visible(toast(page, billing.cancel.undone));
    await visible(planCard.getByText(billing.status.active, { exact: true }));
    await visible(subscriptionCard.getByRole('button', { name: billing.cancel.button }));
    await wholePageScreenshot(page, path.join(screenshots(), `billing-${language}-5-undone.png`));

    // Paying now, a fax to the United Kingdom (a cover page: 1 page at 5 cents) shows its price before it is sent,
    // in the language's currency format (decision 096), and goes at that price.
    await page.goto('/user/send-fax');
    await page.getByLabel(faxes.send.recipientLabel).fill('+442079460958');
    await page.getByLabel(new RegExp(faxes.send.coverMessageLabel)).fill('Hello from abroad.');
    const price = page.getByRole('region', { name: faxes.send.price.title });
    const fiveCents = await priceIn(page, 5, 'USD', language);
    await visible(price.getByText(filled(faxes.send.price.total, { price: fiveCents }), { exact: true }), 15_000);
    await checkState(page, language, '6-priced');
    await page.getByRole('button', { name: faxes.send.submit }).click();
    await visible(toast(page, faxes.send.sentTitle), 30_000);

    expect(errors).toEqual([]);
    await context.close();
  });
});
