import type { TAdminPromotion, TLanguage } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/admin-promotions.json';
import frTexts from '@/locales/fr/admin-promotions.json';
import { pageText, renderPage } from '@/testing/render-page';

import { PromotionsAdmin } from './promotions-admin';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const DAY = 86_400_000;
const promotion = (fields: Partial<TAdminPromotion>): TAdminPromotion => ({
  id: 'p1',
  name: { en: 'Year-end offer', es: null, fr: null },
  percentOff: 20,
  amountOffCents: null,
  currency: 'USD',
  appliesTo: 'year',
  validFrom: new Date(Date.now() - DAY).toISOString(),
  validUntil: new Date(Date.now() + 7 * DAY).toISOString(),
  maxRedemptions: 100,
  redemptions: 3,
  providerCouponId: 'coupon_1',
  endedAt: null,
  createdAt: new Date(Date.now() - DAY).toISOString(),
  ...fields,
});

/** The page once GET /api/admin/promotions has answered. */
async function render(promotions: TAdminPromotion[], language: TLanguage = 'en') {
  return renderPage(createElement(PromotionsAdmin), {
    language,
    texts: { en: { 'admin-promotions': enTexts }, fr: { 'admin-promotions': frTexts } },
    answers: [[['admin', 'promotions'], { promotions }]],
  });
}

describe('/admin/promotions', () => {
  it('lists each promotion with its offer, its redemptions and its state, and End only where it can still end', async () => {
    const html = await render([
      promotion({}),
      promotion({ id: 'p2', name: { en: 'Spring', es: null, fr: null }, endedAt: new Date().toISOString(), maxRedemptions: null }),
      promotion({
        id: 'p3',
        name: { en: 'Launch', es: null, fr: null },
        maxRedemptions: 3,
        appliesTo: 'all',
        percentOff: null,
        amountOffCents: 1000,
      }),
    ]);
    const page = pageText(html);
    expect(page).toContain('Year-end offer 20% off yearly plans');
    expect(page).toContain('Redeemed 3 of 100 times · In force');
    expect(page).toContain('Redeemed 3 times, no limit · Ended');
    expect(page).toContain('$10.00 off every plan');
    expect(page).toContain('Redeemed 3 of 3 times · Used up');
    expect([...html.matchAll(/<span class="sr-only"> ([^<]+)<\/span>/g)].map((match) => match[1])).toEqual(['Year-end offer', 'Launch']);
  });

  it('labels every field of the form, in the operator’s language', async () => {
    const html = await render([], 'fr');
    for (const label of [
      'Nom montré aux clients (anglais)',
      'Remise',
      'S’applique à',
      'Valable à partir du',
      'Valable jusqu’au',
      'Limite d’utilisations',
    ])
      expect(html).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label.replace(/[()]/g, '\\$&')}</label>`));
    expect(pageText(html)).toContain('Aucune promotion pour l’instant.');
  });
});
