import type { TInternationalRatesResponse, TLanguage } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/admin-catalogue.json';
import esTexts from '@/locales/es/admin-catalogue.json';
import frTexts from '@/locales/fr/admin-catalogue.json';

import { internationalRatesKey } from '../api/international-rates';

import { InternationalRatesAdmin } from './international-rates-admin';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const rates: TInternationalRatesResponse = {
  rates: [
    { country: 'DE', callingCode: '+49', centsPerPage: 6, currency: 'USD', updatedAt: '2026-12-01T00:00:00.000Z' },
    { country: 'GB', callingCode: '+44', centsPerPage: 5, currency: 'USD', updatedAt: '2026-12-01T00:00:00.000Z' },
  ],
};

async function render(language: TLanguage) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { 'admin-catalogue': enTexts }, es: { 'admin-catalogue': esTexts }, fr: { 'admin-catalogue': frTexts } },
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const client = new QueryClient();
  client.setQueryData(internationalRatesKey, rates);
  const html = renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(QueryClientProvider, { client }, createElement(InternationalRatesAdmin))),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');
}
const money = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('the international rates of the back office (decision 096)', () => {
  it.each([
    ['en', 'International rates', 'United Kingdom (GB)', 'Remove'],
    ['es', 'Tarifas internacionales', 'Reino Unido (GB)', 'Quitar'],
    ['fr', 'Tarifs internationaux', 'Royaume-Uni (GB)', 'Retirer'],
  ] as const)('lists each country with its calling code and price in %s, and offers no +1 country', async (language, title, uk, remove) => {
    const text = await render(language);
    expect(text).toContain(title);
    expect(text).toContain(`${uk} +44 ${money(5, language)} ${remove}`);
    expect(text).toContain(money(6, language));
    expect(text).not.toMatch(/\(CA\)|\(US\)/);
  });
});
