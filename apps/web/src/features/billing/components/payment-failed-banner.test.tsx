import type { TPaymentFailureResponse } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';

import { paymentFailureQueryKey } from '../api/get-payment-failure';

import { PaymentFailedBanner } from './payment-failed-banner';

// The app's i18n reads the browser's language and the page at start: here, the user area's texts in each language.
vi.mock('@/lib/i18n', async () => {
  const { createInstance } = await import('i18next');
  const { initReactI18next } = await import('react-i18next');
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: { user: (await import('@/locales/en/user.json')).default },
      es: { user: (await import('@/locales/es/user.json')).default },
      fr: { user: (await import('@/locales/fr/user.json')).default },
    },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return { i18n: instance };
});

/** The banner as the server's answer makes it, in a language, the answer already in the query's cache. */
async function bannerFor(answer: TPaymentFailureResponse, language = 'en'): Promise<string> {
  await i18n.changeLanguage(language);
  const queries = new QueryClient();
  queries.setQueryData(paymentFailureQueryKey, answer);
  return renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PaymentFailedBanner />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const graceEndsAt = '2026-12-10T15:30:00.000Z';

describe('PaymentFailedBanner', () => {
  it('shows nothing while payments go through', async () => {
    expect(await bannerFor({ failure: null })).toBe('');
  });

  it('tells those who can pay when sending pauses, with the way to /user/billing', async () => {
    const html = await bannerFor({ failure: { sendingPaused: false, graceEndsAt } });
    expect(html).toContain('The payment for your plan failed');
    expect(html).toMatch(/Sending faxes goes on until .*2026/);
    expect(html).toContain('href="/user/billing"');
    expect(html).toContain('role="status"');
  });

  it('tells them sending is paused once the grace is over, in their language', async () => {
    expect(await bannerFor({ failure: { sendingPaused: true, graceEndsAt } })).toContain('Sending is paused');
    expect(await bannerFor({ failure: { sendingPaused: true, graceEndsAt } }, 'fr')).toContain('L’envoi est suspendu');
    expect(await bannerFor({ failure: { sendingPaused: true, graceEndsAt } }, 'es')).toContain('El envío está en pausa');
  });

  it('tells the other members only that sending is paused, and nothing during the grace', async () => {
    expect(await bannerFor({ failure: { sendingPaused: false, graceEndsAt: null } })).toBe('');
    const html = await bannerFor({ failure: { sendingPaused: true, graceEndsAt: null } });
    expect(html).toContain('Sending faxes is paused');
    expect(html).not.toContain('/user/billing');
  });
});
