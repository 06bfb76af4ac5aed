import type { TLanguage } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/admin-catalogue.json';
import esTexts from '@/locales/es/admin-catalogue.json';
import frTexts from '@/locales/fr/admin-catalogue.json';
import { internationalRates } from '@/testing/international-rates';
import { dollars, pageText, renderPage } from '@/testing/render-page';

import { internationalRatesKey } from '../api/international-rates';

import { InternationalRatesAdmin } from './international-rates-admin';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

async function render(language: TLanguage) {
  const html = await renderPage(createElement(InternationalRatesAdmin), {
    language,
    texts: { en: { 'admin-catalogue': enTexts }, es: { 'admin-catalogue': esTexts }, fr: { 'admin-catalogue': frTexts } },
    answers: [[internationalRatesKey, internationalRates]],
  });
  return pageText(html, { keepNoBreakSpaces: true });
}

describe('the international rates of the back office (decision 096)', () => {
  it.each([
    ['en', 'International rates', 'United Kingdom (GB)', 'Remove'],
    ['es', 'Tarifas internacionales', 'Reino Unido (GB)', 'Quitar'],
    ['fr', 'Tarifs internationaux', 'Royaume-Uni (GB)', 'Retirer'],
  ] as const)('lists each country with its calling code and price in %s, and offers no +1 country', async (language, title, uk, remove) => {
    const text = await render(language);
    expect(text).toContain(title);
    expect(text).toContain(`${uk} +44 ${dollars(5, language)} ${remove}`);
    expect(text).toContain(dollars(6, language));
    expect(text).not.toMatch(/\(CA\)|\(US\)/);
  });
});
