import { MESSAGE_DEFAULTS, MESSAGES, type TBillingProfileResponse, type TInvoiceListResponse, type TLanguage } from '@faxline/shared';
import { createElement, Fragment } from 'react';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/billing.json';
import enErrors from '@/locales/en/errors.json';
import frTexts from '@/locales/fr/billing.json';
import { berlinBillingProfile } from '@/testing/billing-profile';
import { pageText, renderPage } from '@/testing/render-page';

import { billingProfileQueryKey } from '../api/get-billing-profile';
import { invoicesQueryOptions } from '../api/get-invoices';

import { BillingDetailsForm } from './billing-details-form';
import { InvoiceList } from './invoice-list';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const profile: TBillingProfileResponse = { profile: berlinBillingProfile() };
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
  return renderPage(
    createElement(
      Fragment,
      null,
      createElement(BillingDetailsForm, { className: 'card' }),
      createElement(InvoiceList, { className: 'card' }),
    ),
    {
      language,
      texts: {
        en: { errors: enErrors, messages: MESSAGES.en, billing: enTexts },
        fr: { messages: MESSAGES.fr, billing: frTexts },
      },
      defaultVariables: { ...MESSAGE_DEFAULTS },
      answers: [
        [billingProfileQueryKey, answers.profile],
        [invoicesQueryOptions(null).queryKey, answers.invoices],
      ],
    },
  );
}

describe('the billing details form', () => {
  it("shows the saved details, each field bound to its label, the country chosen in the reader's language", async () => {
    const html = await render('fr', { profile, invoices });
    expect(html).toMatch(/<label[^>]*for="([^"]+)-name"[^>]*>Société ou nom complet/);
    expect(html).toMatch(/<input[^>]*id="[^"]+-name"[^>]*value="Analytische Maschinen GmbH"/);
    expect(html).toMatch(/<option value="DE" selected="">Allemagne<\/option>/);
    expect(html).toMatch(/<input[^>]*id="[^"]+-taxId"[^>]*aria-describedby="[^"]+-taxId-hint"[^>]*value="DE 123 456 789"/);
    expect(pageText(html)).toContain('Vérifié selon le format de ce pays');
  });

  it("says when a country's tax id format is not checked, and asks for the country first before any is chosen", async () => {
    const american = await render('en', { profile: { profile: berlinBillingProfile({ country: 'US', taxId: '12-3456789' }) } });
    expect(pageText(american)).toContain('its format is not checked for this country');
    const empty = await render('en', { profile: { profile: null } });
    expect(pageText(empty)).toContain('Choose the country first');
    expect(empty).toMatch(/<option value="" selected="">Choose a country<\/option>/);
  });
});

describe('the invoices table', () => {
  it("lists each invoice with its total in the reader's currency format and a link to its PDF", async () => {
    const html = await render('fr', { profile, invoices });
    expect(pageText(html)).toContain('SIM-0002');
    expect(pageText(html)).toContain('À payer');
    expect(html).toContain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(2280));
    expect(html).toMatch(/<a href="\/api\/billing\/invoices\/in_2\/pdf" download="" aria-label="Télécharger la facture SIM-0002 en PDF"/);
    expect(pageText(html)).toContain('Factures plus anciennes');
  });

  it('says there are none yet rather than showing an empty table', async () => {
    const html = await render('en', { profile, invoices: { invoices: [], nextAfter: null } });
    expect(pageText(html)).toContain('No invoices yet');
    expect(html).not.toContain('<table');
  });
});
