import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { usageQueryKey } from '@/lib/account/get-usage';
import { i18n } from '@/lib/i18n';

import { UsageDownload } from './usage-download';

// The app's i18n reads the browser's language and the page at start: here, French with the billing texts.
vi.mock('@/lib/i18n', async () => {
  const { createInstance } = await import('i18next');
  const { initReactI18next } = await import('react-i18next');
  const { MESSAGES } = await import('@faxline/shared');
  const billing = (await import('@/locales/fr/billing.json')).default;
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: 'fr',
    resources: { fr: { billing, messages: MESSAGES.fr } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return { i18n: instance };
});

function render(usage: unknown) {
  const client = new QueryClient();
  client.setQueryData(usageQueryKey, usage);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(QueryClientProvider, { client }, createElement(UsageDownload, { className: '' })),
    ),
  );
}

describe('the usage download on /user/billing', () => {
  it("offers this period's CSV at once, with the period choices as a labelled group", () => {
    const html = render({
      plan: { name: 'Basic', pagesPerMonth: 150 },
      pagesUsed: 12,
      periodStart: '2026-12-01T00:00:00.000Z',
      periodEnd: '2027-01-01T00:00:00.000Z',
    });
    expect(html).toContain('<h2');
    expect(html).toContain('Consommation');
    expect(html).toMatch(/<legend[^>]*>Période<\/legend>/);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="current"/);
    expect(html).toContain('href="/api/billing/usage.csv?from=2026-12-01&amp;to=2026-12-31" download=""');
    expect(html).toContain('Télécharger le CSV');
  });
});
