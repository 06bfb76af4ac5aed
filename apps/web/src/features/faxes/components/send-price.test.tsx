import type { TFaxQuote, TLanguage } from '@faxline/shared';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import enTexts from '@/locales/en/faxes.json';
import esTexts from '@/locales/es/faxes.json';
import frTexts from '@/locales/fr/faxes.json';

import { SendPrice } from './send-price';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const quote: TFaxQuote = {
  currency: 'USD',
  totalCents: 1234,
  pagesKnown: false,
  recipients: [
    { number: '+442079460958', country: 'GB', pages: 3, overagePages: 2, overageCentsPerPage: 12, internationalCentsPerPage: 5, cents: 39 },
  ],
};

async function render(language: TLanguage, props: Parameters<typeof SendPrice>[0]) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { faxes: enTexts }, es: { faxes: esTexts }, fr: { faxes: frTexts } },
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(SendPrice, props)));
  return html.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');
}
const money = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('the price of a send, shown before sending (decision 096)', () => {
  it.each([
    ['en', 'beyond your plan', 'United Kingdom', '3 pages to'],
    ['es', 'además de su plan', 'Reino Unido', '3 páginas a'],
    ['fr', 'en plus de votre forfait', 'Royaume-Uni', '3 pages vers'],
  ] as const)('says the total and each rate in %s, in its currency format', async (language, total, country, pages) => {
    const text = await render(language, { quote, error: null });
    expect(text).toContain(`${money(1234, language)} ${total}`);
    expect(text).toContain(`${pages} ${country}`);
    expect(text).toContain(money(5, language));
    expect(text).toContain(money(12, language));
  });

  it('shows nothing for a send that costs nothing, and the server’s reason for one that cannot go', async () => {
    expect(await render('en', { quote: { ...quote, totalCents: 0 }, error: null })).toBe('');
    const refused = new ApiError('invalid_request', 'Faxline does not send faxes to +551133334444 (BR) yet.', 400);
    expect(await render('en', { quote: undefined, error: refused })).toContain('Faxline does not send faxes to +551133334444 (BR) yet.');
  });
});
