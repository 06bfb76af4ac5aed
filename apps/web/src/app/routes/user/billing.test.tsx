import {
  LANGUAGES,
  MESSAGE_DEFAULTS,
  MESSAGES,
  ZProviderOffers,
  type TAccountSummary,
  type TBillingResponse,
  type TLanguage,
  type TPlan,
  type TProviderOffers,
  type TUsage,
} from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { billingQueryKey } from '@/features/billing/api/get-billing';
import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import { usageQueryKey } from '@/lib/account/get-usage';
import { plansQueryKey } from '@/lib/plans/get-plans';
import enTexts from '@/locales/en/billing.json';
import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';
import esTexts from '@/locales/es/billing.json';
import { pageText, renderPage } from '@/testing/render-page';
import { paidBasicSubscription } from '@/testing/subscriptions';

import BillingRoute from './billing';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const plan = (id: string, name: string, monthlyPriceCents: number | null, pagesPerMonth: number | null): TPlan => ({
  id,
  slug: id,
  name,
  category: 'standard',
  currency: 'USD',
  monthlyPriceCents,
  yearlyMonthlyPriceCents: monthlyPriceCents === null ? null : Math.round(monthlyPriceCents * 0.8),
  pagesPerMonth,
  apiRequestsPerMinute: 100,
  apiAccess: false,
  webhooks: false,
  faxToEmail: true,
  maxUsers: 1,
  faxNumbersIncluded: 1,
  isPopular: false,
  isHipaa: false,
  text: Object.fromEntries(
    LANGUAGES.map((language): [TLanguage, TPlan['text'][TLanguage]] => [language, { description: `${name} (${language})`, features: [] }]),
  ) as TPlan['text'],
});
const catalogue = [
  plan('plan-basic', 'Basic', 999, 150),
  plan('plan-business', 'Business', 2999, 1000),
  plan('plan-enterprise', 'Enterprise', null, null),
];
const usage: TUsage = {
  plan: { name: 'Basic', pagesPerMonth: 150 },
  pagesUsed: 12,
  periodStart: '2026-03-01T00:00:00.000Z',
  periodEnd: '2026-04-01T00:00:00.000Z',
};
const paidBasic = paidBasicSubscription();
const billing = (fields: Partial<TBillingResponse> = {}): TBillingResponse => ({
  enabled: true,
  testMode: false,
  providers: ['stripe'],
  offers: null,
  subscription: null,
  ...fields,
});

type TRender = {
  role?: TAccountSummary['role'] | null;
  billing?: TBillingResponse;
  language?: TLanguage;
  search?: string;
  /** The plan the account is on (Basic unless said). */
  accountPlan?: { id: string; name: string };
};

/** The page as it first renders, with the account, its billing, its usage and the catalogue already answered. */
async function render({
  role = 'owner',
  billing: answer = billing(),
  language = 'en',
  search = '',
  accountPlan = { id: 'plan-basic', name: 'Basic' },
}: TRender = {}) {
  return renderPage(createElement(BillingRoute), {
    language,
    texts: {
      en: { common: enCommon, errors: enErrors, messages: MESSAGES.en, billing: enTexts },
      es: { billing: esTexts },
    },
    defaultVariables: { ...MESSAGE_DEFAULTS },
    answers: [
      [accountSummaryQueryKey, role ? ({ role, plan: accountPlan } as TAccountSummary) : undefined],
      [billingQueryKey, answer],
      [usageQueryKey, usage],
      [plansQueryKey, { plans: catalogue }],
    ],
    path: `/user/billing${search}`,
  });
}

/** Whether the radio button of that value is the one chosen. */
const chosen = (html: string, value: string) =>
  /\schecked=""/.test(new RegExp(`<input type="radio"[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? '');
/** The opening tag of the button whose text starts with `label` (a plan's name may follow, for screen readers). */
const buttons = (html: string, label: string) => [
  ...html.matchAll(new RegExp(`<button[^>]*>${label}(?:<span class="sr-only"> ([^<]+)</span>)?</button>`, 'g')),
];
const testModeText = "Test mode: payments go to a simulator or to the payment provider's test mode, and no money moves.";

describe('/user/billing', () => {
  it('says so when payments are in test mode', async () => {
    const html = await render({ billing: billing({ testMode: true }) });
    expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight">${enTexts.title}</h1>`);
    expect(pageText(html)).toContain(testModeText);
    expect(pageText(await render())).not.toContain(testModeText);
  });

  it("shows the plan, this month's pages against it, and a Choose button on each plan sold online", async () => {
    const html = await render();
    const page = pageText(html);
    expect(page).toContain('Your plan');
    expect(page).toContain('Plan Basic');
    expect(page).toContain('12 of 150 pages');
    expect(html).toMatch(/role="meter"[^>]*aria-valuenow="12"/);
    expect(page).toContain(enTexts.yourPlan.noSubscription);
    // Monthly by default, each price as English writes dollars.
    expect(page).toContain('$9.99 per month');
    expect(page).toContain('$29.99 per month');
    expect(page).toContain('1,000 pages a month');
    expect(buttons(html, 'Choose').map((match) => match[1])).toEqual(['Basic', 'Business']);
    expect(buttons(html, 'Current plan')).toEqual([]);
    // Priced on request: the way to sales, not to a payment page.
    expect(html).toMatch(/<a [^>]*href="\/contact"[^>]*>Contact sales<\/a>/);
    expect(chosen(html, 'month')).toBe(true);
    expect(chosen(html, 'year')).toBe(false);
  });

  it('marks the plan paid for as the current plan on its interval, with the subscription in words', async () => {
    const html = await render({ billing: billing({ subscription: paidBasic }) });
    const current = buttons(html, 'Current plan');
    expect(current).toHaveLength(1);
    expect(current[0]?.[0]).toContain('disabled=""');
    // Paying, the account changes its plan rather than buying another: a dearer plan is an upgrade.
    expect(buttons(html, 'Choose')).toEqual([]);
    expect(buttons(html, 'Upgrade').map((match) => match[1])).toEqual(['Business']);
    const page = pageText(html);
    expect(page).toContain('Payment Monthly');
    expect(page).toContain('Status Active');
    expect(page).toContain('Current period March 1, 2026 to April 1, 2026');
    expect(page).not.toContain(enTexts.yourPlan.noSubscription);
  });

  it('offers card and PayPal for each plan when PayPal is set up, and says what a PayPal subscription cannot do', async () => {
    const choosing = await render({ billing: billing({ providers: ['stripe', 'paypal'] }) });
    expect(buttons(choosing, 'Choose')).toEqual([]);
    expect(buttons(choosing, 'Pay with card').map((match) => match[1])).toEqual(['Basic', 'Business']);
    expect(buttons(choosing, 'Pay with PayPal').map((match) => match[1])).toEqual(['Basic', 'Business']);

    // PayPal offers none of what a provider may offer beyond starting and ending a subscription (decision 095).
    const offers = Object.fromEntries(Object.keys(ZProviderOffers.shape).map((offer) => [offer, false])) as TProviderOffers;
    const paying = await render({
      billing: billing({ providers: ['stripe', 'paypal'], offers, subscription: { ...paidBasic, provider: 'paypal' } }),
    });
    const page = pageText(paying);
    // No change of plan offered, and why; no card to change; PayPal's receipts instead of invoices.
    expect(buttons(paying, 'Upgrade')).toEqual([]);
    expect(page).toContain('Your plan is paid through PayPal, which changes a plan only at the next payment');
    expect(buttons(paying, 'Change payment method')).toEqual([]);
    expect(page).toContain('change how you pay in your PayPal account');
    expect(page).toContain('Faxline makes no invoices for PayPal payments.');
    expect(buttons(paying, 'Cancel subscription')).toHaveLength(1);
  });

  it('opens on the interval paid for: a yearly subscription shows yearly prices', async () => {
    const html = await render({ billing: billing({ subscription: { ...paidBasic, interval: 'year' } }) });
    expect(chosen(html, 'year')).toBe(true);
    expect(pageText(html)).toContain('$95.88 charged once a year');
    expect(buttons(html, 'Current plan')).toHaveLength(1);
  });

  it('warns of a failed payment with its date, and says when a cancelled plan ends', async () => {
    const failed = pageText(
      await render({
        billing: billing({ subscription: { ...paidBasic, status: 'past_due', paymentFailedAt: '2026-03-02T12:00:00.000Z' } }),
      }),
    );
    expect(failed).toContain('Status Payment failed');
    expect(failed).toContain(enTexts.paymentFailed.title);
    expect(failed).toContain('The payment of March 2, 2026 did not go through.');
    const ending = pageText(await render({ billing: billing({ subscription: { ...paidBasic, cancelAtPeriodEnd: true } }) }));
    expect(ending).toContain('Status Cancelled: ends on April 1, 2026');
  });

  it('offers the change each plan is, cancelling in one click, and the card with the way to change it', async () => {
    const paidBusiness = { ...paidBasic, planId: 'plan-business' };
    const html = await render({ billing: billing({ subscription: paidBusiness }), accountPlan: { id: 'plan-business', name: 'Business' } });
    expect(buttons(html, 'Downgrade').map((match) => match[1])).toEqual(['Basic']);
    expect(buttons(html, 'Cancel subscription')).toHaveLength(1);
    expect(buttons(html, 'Change payment method')).toHaveLength(1);
    expect(pageText(html)).toContain(enTexts.card.heading);
    const yearly = await render({ billing: billing({ subscription: { ...paidBasic, interval: 'year' } }) });
    expect(buttons(yearly, 'Upgrade').map((match) => match[1])).toEqual(['Business']);
  });

  it('shows a scheduled downgrade with the way to keep the plan, and a cancelled plan with Undo and no change offered', async () => {
    const scheduled = await render({
      billing: billing({
        subscription: {
          ...paidBasic,
          scheduledChange: { planId: 'plan-business', interval: 'year', startsAt: '2026-04-01T12:00:00.000Z' },
        },
      }),
    });
    expect(pageText(scheduled)).toContain('Scheduled change: Business (Yearly) from April 1, 2026');
    expect(buttons(scheduled, 'Keep my current plan')).toHaveLength(1);

    const cancelled = await render({ billing: billing({ subscription: { ...paidBasic, cancelAtPeriodEnd: true } }) });
    expect(pageText(cancelled)).toContain('Your plan ends on April 1, 2026.');
    expect(buttons(cancelled, 'Undo')).toHaveLength(1);
    expect(buttons(cancelled, 'Cancel subscription')).toEqual([]);
    expect(buttons(cancelled, 'Upgrade')).toEqual([]);
    // The plans without a button say why.
    expect(pageText(cancelled)).toContain('While the subscription is cancelled or a payment is outstanding, the plan cannot be changed');
    expect(pageText(scheduled)).not.toContain('the plan cannot be changed');
  });

  it('with payment off here, says the team assigns plans, links to the contact page, and offers no Choose', async () => {
    const html = await render({ billing: billing({ enabled: false }) });
    const page = pageText(html);
    expect(page).toContain(enTexts.off.title);
    expect(page).toContain('Plans are assigned by the Faxline team. To change your plan, contact us .');
    expect(html).toMatch(/<a [^>]*href="\/contact"[^>]*>contact us<\/a>/);
    expect(buttons(html, 'Choose')).toEqual([]);
    expect(html).not.toContain('>Contact sales</a>');
    // The catalogue and its prices are still there to read.
    expect(page).toContain('$9.99 per month');
  });

  it('thanks the person back from a payment, says once it is confirmed, and says when they cancelled it', async () => {
    expect(pageText(await render({ search: '?checkout=done' }))).toContain(enTexts.checkout.done);
    // Once the provider has confirmed the payment, the page says so instead of "as soon as it is confirmed".
    const confirmed = pageText(await render({ search: '?checkout=done', billing: billing({ subscription: paidBasic }) }));
    expect(confirmed).toContain(enTexts.checkout.confirmed);
    expect(confirmed).not.toContain(enTexts.checkout.done);
    const cancelled = pageText(await render({ search: '?checkout=cancelled' }));
    expect(cancelled).toContain(enTexts.checkout.cancelled);
    expect(cancelled).not.toContain(enTexts.checkout.done);
    expect(pageText(await render())).not.toContain(enTexts.checkout.cancelled);
  });

  it('speaks the reader’s language, prices included', async () => {
    const page = pageText(await render({ language: 'es' }));
    expect(page).toContain(esTexts.title);
    expect(page).toContain(esTexts.plans.heading);
    expect(page.replace(/\s/g, ' ')).toContain('9,99 US$ al mes');
  });

  it.each(['admin', 'user'] as const)('tells a %s who can help, and shows no billing', async (role) => {
    const html = await render({ role });
    expect(pageText(html)).toContain(enTexts.notAllowed);
    expect(html).not.toContain(`>${enTexts.yourPlan.heading}</h2>`);
  });

  it('shows a Billing contact the page', async () => {
    const html = await render({ role: 'billing' });
    expect(html).toContain(`>${enTexts.yourPlan.heading}</h2>`);
    expect(html).not.toContain(enTexts.notAllowed);
  });
});
