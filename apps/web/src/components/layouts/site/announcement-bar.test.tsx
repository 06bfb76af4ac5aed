import type { TActivePromotion, TActivePromotionResponse, TLanguage } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

import { activePromotionQueryKey } from '@/lib/promotions/active-promotion-query';
import enMarketing from '@/locales/en/marketing.json';
import esMarketing from '@/locales/es/marketing.json';
import frMarketing from '@/locales/fr/marketing.json';
import { pageText, prerenderPage } from '@/testing/render-page';

import { AnnouncementBar } from './announcement-bar';

const yearlyTwenty: TActivePromotion = {
  name: { en: 'Year-end offer', es: 'Oferta de fin de año', fr: 'Offre de fin d’année' },
  percentOff: 20,
  amountOffCents: null,
  currency: 'USD',
  appliesTo: 'year',
  // Noon UTC: the same calendar day in whatever time zone the tests run in.
  validUntil: '2027-01-15T12:00:00.000Z',
};

/** The bar as it renders once GET /api/promotions/active has answered `response`. */
async function render(response: TActivePromotionResponse, language: TLanguage = 'en') {
  // Prerendered, which waits for the lazily loaded bar as a browser would.
  return prerenderPage(createElement(AnnouncementBar), {
    language,
    texts: { en: { marketing: enMarketing }, es: { marketing: esMarketing }, fr: { marketing: frMarketing } },
    answers: [[activePromotionQueryKey, response]],
  });
}

describe('the announcement bar', () => {
  it('shows the promotion in force, its terms and its last day, linking to /pricing, with its own dismiss button', async () => {
    const html = await render({ promotion: yearlyTwenty });
    expect(html).toMatch(/<aside aria-label="Announcement"/);
    expect(pageText(html)).toBe('Year-end offer 20% off the first year of every yearly plan, until January 15, 2027. See the plans');
    expect(html).toMatch(/<a [^>]*href="\/pricing"/);
    expect(html).toMatch(/<button[^>]*aria-label="Dismiss announcement"/);
  });

  it('writes the offer in the reader’s language and currency format', async () => {
    const amount: TActivePromotion = { ...yearlyTwenty, percentOff: null, amountOffCents: 1000, appliesTo: 'all' };
    expect(pageText(await render({ promotion: amount }, 'fr'))).toContain(
      'Offre de fin d’année 10,00 $US de remise sur le premier mois ou la première année de tous les forfaits, jusqu’au 15 janvier 2027.',
    );
    expect(pageText(await render({ promotion: yearlyTwenty }, 'es'))).toContain(
      'Oferta de fin de año 20 % de descuento el primer año de todos los planes anuales, hasta el 15 de enero de 2027.',
    );
  });

  it('is absent when no promotion is in force', async () => {
    expect(pageText(await render({ promotion: null }))).toBe('');
    expect(await render({ promotion: null })).not.toMatch(/<aside/);
  });
});
