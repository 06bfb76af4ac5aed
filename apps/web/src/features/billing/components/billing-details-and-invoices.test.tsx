import { MESSAGE_DEFAULTS, MESSAGES, type TBillingProfileResponse, type TInvoiceListResponse, type TLanguage } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/billing.json';
import enErrors from '@/locales/en/errors.json';
import frTexts from '@/locales/fr/billing.json';

import { billingProfileQueryKey } from '../api/get-billing-profile';
import { invoicesQueryOptions } from '../api/get-invoices';

import { BillingDetailsForm } from './billing-details-form';
import { InvoiceList } from './invoice-list';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const profile: TBillingProfileResponse = {
  profile: {
    name: 'Analytische Maschinen GmbH',
    line1: 'Friedrichstraße 12',
    line2: '',
    city: 'Berlin',
    postalCode: '10117',
    region: '',
    country: 'DE',
    taxId: 'DE 123 456 789',
  },
};
const invoices: TInvoiceListResponse = {
  invoices: [
    {
      id: 'in_2',
      number: 'SIM-0002',
      issuedAt: '2026-12-15T10:00:00.000Z',
      periodStart: '2026-12-15T10:00:00.000Z',
      periodEnd: '2027-01-15T10:00:00.000Z',
      status: 'open',
      currency: 'USD',
      total: 228000,
      amountPaid: 0,
      amountDue: 228000,
    },
  ],
  nextAfter: 'in_2',
};

/** The two cards as they first render, with the details and the first page of invoices already answered. */
async function render(language: TLanguage, answers: { profile?: TBillingProfileResponse; invoices?: TInvoiceListResponse }) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: {
      en: { errors: enErrors, messages: MESSAGES.en, billing: enTexts },
      fr: { messages: MESSAGES.fr, billing: frTexts },
    },
    fallbackLng: 'en',
    interpolation: { escapeValue: false, defaultVariables: { ...MESSAGE_DEFAULTS } },
    showSupportNotice: false,
  });
  const client = new QueryClient();
  if (answers.profile) client.setQueryData(billingProfileQueryKey, answers.profile);
  if (answers.invoices) client.setQueryData(invoicesQueryOptions(null).queryKey, answers.invoices);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        QueryClientProvider,
        { client },
        createElement(BillingDetailsForm, { className: 'card' }),
        createElement(InvoiceList, { className: 'card' }),
      ),
    ),
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the billing details form', () => {
  it("shows the saved details, each field bound to its label, the country chosen in the reader's language", async () => {
    const html = await render('fr', { profile, invoices });
    expect(html).toMatch(/<label[^>]*for="([^"]+)-name"[^>]*>Société ou nom complet/);
    expect(html).toMatch(/<input[^>]*id="[^"]+-name"[^>]*value="Analytische Maschinen GmbH"/);
    expect(html).toMatch(/<option value="DE" selected="">Allemagne<\/option>/);
    expect(html).toMatch(/<input[^>]*id="[^"]+-taxId"[^>]*aria-describedby="[^"]+-taxId-hint"[^>]*value="DE 123 456 789"/);
    expect(text(html)).toContain('Vérifié selon le format de ce pays');
  });

  it("says when a country's tax id format is not checked, and asks for the country first before any is chosen", async () => {
    const american = await render('en', { profile: { profile: { ...profile.profile!, country: 'US', taxId: '12-3456789' } } });
    expect(text(american)).toContain('its format is not checked for this country');
    const empty = await render('en', { profile: { profile: null } });
    expect(text(empty)).toContain('Choose the country first');
    expect(empty).toMatch(/<option value="" selected="">Choose a country<\/option>/);
  });
});

describe('the invoices table', () => {
  it("lists each invoice with its total in the reader's currency format and a link to its PDF", async () => {
    const html = await render('fr', { profile, invoices });
    expect(text(html)).toContain('SIM-0002');
    expect(text(html)).toContain('À payer');
    expect(html).toContain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(2280));
    expect(html).toMatch(/<a href="\/api\/billing\/invoices\/in_2\/pdf" download="" aria-label="Télécharger la facture SIM-0002 en PDF"/);
    expect(text(html)).toContain('Factures plus anciennes');
  });

  it('says there are none yet rather than showing an empty table', async () => {
    const html = await render('en', { profile, invoices: { invoices: [], nextAfter: null } });
    expect(text(html)).toContain('No invoices yet');
    expect(html).not.toContain('<table');
  });
});
