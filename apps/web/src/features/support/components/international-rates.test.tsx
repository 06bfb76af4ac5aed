import type { TLanguage } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/help.json';
import esTexts from '@/locales/es/help.json';
import frTexts from '@/locales/fr/help.json';
import { internationalRates } from '@/testing/international-rates';
import { dollars, pageText, renderPage } from '@/testing/render-page';

import { publicInternationalRatesKey } from '../api/get-international-rates';

import { InternationalRates } from './international-rates';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

async function render(language: TLanguage) {
  const html = await renderPage(createElement(InternationalRates), {
    language,
    texts: { en: { help: enTexts }, es: { help: esTexts }, fr: { help: frTexts } },
    answers: [[publicInternationalRatesKey, internationalRates]],
  });
  return pageText(html, { keepNoBreakSpaces: true });
}

describe('/support#international-rates (decision 096)', () => {
  it.each([
    ['en', 'United Kingdom (+44)', 'Germany (+49)'],
    ['es', 'Reino Unido (+44)', 'Alemania (+49)'],
    ['fr', 'Royaume-Uni (+44)', 'Allemagne (+49)'],
  ] as const)('states the rates of the table in %s, each in its currency format', async (language, uk, germany) => {
    const text = await render(language);
    expect(text).toContain(`${uk} ${dollars(5, language)}`);
    expect(text).toContain(`${germany} ${dollars(6, language)}`);
  });
});
