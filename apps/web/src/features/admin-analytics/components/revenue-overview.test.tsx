import type { TAdminFailedPayments, TAdminRevenue, TLanguage } from '@faxline/shared';
import { createElement, Fragment } from 'react';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/admin-insights.json';
import frTexts from '@/locales/fr/admin-insights.json';
import { dollars, pageText, renderPage } from '@/testing/render-page';

import { failedPaymentsQueryKey, revenueQueryKey } from '../api/get-revenue';

import { FailedPaymentsList } from './failed-payments-list';
import { RevenueOverview } from './revenue-overview';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const revenue: TAdminRevenue = {
  range: 'last30days',
  from: '2026-11-04T00:00:00.000Z',
  to: '2026-12-04T00:00:00.000Z',
  currencies: [
    {
      currency: 'USD',
      mrrCents: 1_234_567,
      pastDueMrrCents: 4999,
      subscriptions: 2,
      newSubscriptions: 3,
      churnedSubscriptions: 1,
      byPlan: [{ planId: 'p1', planName: 'Business', subscriptions: 2, mrrCents: 1_234_567 }],
      byMonth: [
        { month: '2026-11-01T00:00:00.000Z', newMrrCents: 0, churnedMrrCents: 0, changedMrrCents: 0, netMrrCents: 0 },
        { month: '2026-12-01T00:00:00.000Z', newMrrCents: 9998, churnedMrrCents: 4999, changedMrrCents: 0, netMrrCents: 4999 },
      ],
    },
  ],
};
const failed: TAdminFailedPayments = {
  failedPayments: [
    {
      accountId: 'a1',
      owner: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
      planName: 'Business',
      interval: 'year',
      amountDue: { cents: 59_988, currency: 'USD' },
      failedAt: '2026-11-20T10:00:00.000Z',
      graceEndsAt: '2026-11-27T10:00:00.000Z',
      sendingPaused: true,
    },
  ],
};

async function render(language: TLanguage) {
  return renderPage(
    createElement(Fragment, null, createElement(RevenueOverview, { range: 'last30days' }), createElement(FailedPaymentsList)),
    {
      language,
      texts: { en: { 'admin-insights': enTexts }, fr: { 'admin-insights': frTexts } },
      answers: [
        [revenueQueryKey('last30days'), revenue],
        [failedPaymentsQueryKey, failed],
      ],
    },
  );
}

// Only the markup's own spaces are collapsed: French amounts keep their no-break spaces.
const text = (html: string) => pageText(html, { keepNoBreakSpaces: true });

describe('the revenue figures and the failed payments list', () => {
  it("write every amount in the reader's language and currency format", async () => {
    const html = text(await render('fr'));
    expect(html).toContain('Revenu mensuel récurrent');
    expect(html).toContain(dollars(1_234_567, 'fr'));
    expect(html).toContain('De 2 abonnements en vigueur');
    expect(html).toContain(dollars(9998, 'fr'));
    expect(html).toContain('Paiements échoués');
    expect(html).toContain(dollars(59_988, 'fr'));
    expect(html).toContain('Business, annuel');
    expect(html).toContain('Suspendu');
  });

  it('link each failing account to its owner in the back office', async () => {
    const html = await render('en');
    expect(html).toMatch(/<a [^>]*href="\/admin\/users\?search=ada%40example.com"[^>]*>Ada Lovelace<\/a>/);
    expect(text(html)).toContain(dollars(1_234_567, 'en'));
    expect(text(html)).toContain('Paused');
  });
});
