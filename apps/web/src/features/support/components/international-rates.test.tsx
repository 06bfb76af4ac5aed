import { LANGUAGES, type TInternationalRatesResponse, type TLanguage } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { LanguageContext } from '@/lib/use-language';
import enTexts from '@/locales/en/help.json';
import esTexts from '@/locales/es/help.json';
import frTexts from '@/locales/fr/help.json';

import { publicInternationalRatesKey } from '../api/get-international-rates';

import { InternationalRates } from './international-rates';

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
    resources: { en: { help: enTexts }, es: { help: esTexts }, fr: { help: frTexts } },
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const client = new QueryClient();
  client.setQueryData(publicInternationalRatesKey, rates);
  const html = renderToStaticMarkup(
    createElement(
      LanguageContext.Provider,
      { value: { language, setLanguage: () => undefined, languages: LANGUAGES } },
      createElement(I18nextProvider, { i18n }, createElement(QueryClientProvider, { client }, createElement(InternationalRates))),
    ),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');
}
const money = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('/support#international-rates (decision 096)', () => {
  it.each([
    ['en', 'United Kingdom (+44)', 'Germany (+49)'],
    ['es', 'Reino Unido (+44)', 'Alemania (+49)'],
    ['fr', 'Royaume-Uni (+44)', 'Allemagne (+49)'],
  ] as const)('states the rates of the table in %s, each in its currency format', async (language, uk, germany) => {
    const text = await render(language);
    expect(text).toContain(`${uk} ${money(5, language)}`);
    expect(text).toContain(`${germany} ${money(6, language)}`);
  });
});
