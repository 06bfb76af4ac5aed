import { MESSAGE_DEFAULTS, MESSAGES, type TAccountSummary, type TBaaResponse, type TLanguage, type TMemberRole } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import enTexts from '@/locales/en/billing.json';
import esTexts from '@/locales/es/billing.json';
import frTexts from '@/locales/fr/billing.json';

import { baaQueryOptions } from '../api/baa';

import { BaaAgreements } from './baa-agreements';

vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const agreement = (signed: boolean): TBaaResponse => ({
  version: '2026-12',
  title: 'Business Associate Agreement',
  paragraphs: ['This agreement is made between the customer and Faxline.'],
  signedCurrent: signed,
  signatures: signed
    ? [
        {
          id: '0b9a4c52-7d3e-4c55-9d0e-3c1f5a8e2b10',
          version: '2026-12',
          signerName: 'Ada Lovelace',
          signerTitle: 'Practice manager',
          organisation: 'Northside Family Clinic',
          signedAt: '2026-12-03T12:00:00.000Z',
        },
      ]
    : [],
});

/** The card as it first renders for a role, with the agreement already answered. */
async function render(language: TLanguage, role: TMemberRole, answer: TBaaResponse) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: {
      en: { messages: MESSAGES.en, billing: enTexts },
      es: { messages: MESSAGES.es, billing: esTexts },
      fr: { messages: MESSAGES.fr, billing: frTexts },
    },
    fallbackLng: 'en',
    interpolation: { escapeValue: false, defaultVariables: { ...MESSAGE_DEFAULTS } },
    showSupportNotice: false,
  });
  const client = new QueryClient();
  client.setQueryData(accountSummaryQueryKey, { role } as TAccountSummary);
  client.setQueryData(baaQueryOptions(language).queryKey, answer);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(QueryClientProvider, { client }, createElement(BaaAgreements, { className: 'card' })),
    ),
  );
}

describe('the business associate agreement card', () => {
  it('offers the owner to read and sign the version in force while it is unsigned', async () => {
    const html = await render('en', 'owner', agreement(false));
    expect(html).toContain('Business associate agreement');
    expect(html).toContain('The agreement in force (version 2026-12) is not signed yet. Sign it before choosing a HIPAA plan.');
    expect(html).toContain('Read and sign the agreement');
  });

  it('tells a Billing member that only the owner signs, in Spanish, with no button to sign', async () => {
    const html = await render('es', 'billing', agreement(false));
    expect(html).toContain('Acuerdo de socio comercial');
    expect(html).toContain('Solo el titular de la cuenta puede firmarlo.');
    expect(html).not.toContain('Leer y firmar');
  });

  it('lists each signature with its PDF to download, in French', async () => {
    const html = await render('fr', 'billing', agreement(true));
    expect(html).toContain('L’accord en vigueur (version 2026-12) est signé.');
    expect(html).toContain('Ada Lovelace, Practice manager, pour Northside Family Clinic : signé le 3 décembre 2026 (version 2026-12)');
    expect(html).toContain('href="/api/billing/baa/0b9a4c52-7d3e-4c55-9d0e-3c1f5a8e2b10/pdf"');
    expect(html).toContain('Télécharger le PDF');
  });
});
