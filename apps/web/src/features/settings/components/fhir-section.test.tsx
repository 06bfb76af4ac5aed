import { MESSAGES, type TAccountSummary, type TFhirConnectionResponse, type TLanguage, type TMemberRole } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import enTexts from '@/locales/en/fhir.json';
import frTexts from '@/locales/fr/fhir.json';
import { pageText, renderPage } from '@/testing/render-page';

import { fhirConnectionQueryKey } from '../api/get-fhir-connection';

import { FhirSection } from './fhir-section';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

async function render(language: TLanguage, role: TMemberRole, answer?: TFhirConnectionResponse) {
  return renderPage(createElement(FhirSection), {
    language,
    texts: {
      en: { messages: MESSAGES.en, fhir: enTexts },
      fr: { messages: MESSAGES.fr, fhir: frTexts },
    },
    answers: [
      [accountSummaryQueryKey, { role } as TAccountSummary],
      [fhirConnectionQueryKey, answer],
    ],
  });
}

/** The label bound to the control with this id. */
const labelFor = (html: string, id: string | undefined) => new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`).exec(html)?.[1];

const smart: TFhirConnectionResponse = {
  connection: {
    baseUrl: 'https://ehr.example.com/fhir',
    authKind: 'smart_backend',
    clientId: 'faxline',
    tokenUrl: 'https://ehr.example.com/auth/token',
    algorithm: 'ES384',
    keyId: 'key-1',
    enabled: true,
    sendAutomatically: true,
    updatedAt: '2026-12-05T02:00:00.000Z',
  },
};

describe('the Connect an EHR (FHIR) section', () => {
  it('offers the owner a new connection: a labelled base URL and token, Save but no Test before one is saved', async () => {
    const html = await render('en', 'owner', { connection: null });
    expect(html).toMatch(/<h2 id="fhir-heading"[^>]*>Connect an EHR \(FHIR\)<\/h2>/);
    const url = /<input[^>]*type="url"[^>]*>/.exec(html)?.[0] ?? '';
    expect(labelFor(html, /id="([^"]+)"/.exec(url)?.[1])).toBe('FHIR server base URL');
    const token = /<input[^>]*type="password"[^>]*>/.exec(html)?.[0] ?? '';
    expect(labelFor(html, /id="([^"]+)"/.exec(token)?.[1])).toBe('Access token');
    expect(token).toContain('required');
    const text = pageText(html);
    expect(text).toContain('Save Connection');
    expect(text).not.toContain('Test Connection');
    expect(text).not.toContain(enTexts.settings.token.keep);
  });

  it('shows a sub-admin the saved SMART connection in French, its key kept and never shown', async () => {
    const html = await render('fr', 'admin', smart);
    const text = pageText(html);
    expect(text).toContain('Connecter un dossier patient informatisé (FHIR)');
    expect(html).toContain('value="https://ehr.example.com/auth/token"');
    expect(text).toContain('Laissez vide pour garder la clé déjà enregistrée (ES384, identifiant de clé key-1).');
    expect(text).toContain('Tester la connexion');
    expect(/<textarea[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? '').toBe('');
    const automatic = /<input[^>]*role="switch"[^>]*>/g;
    expect([...html.matchAll(automatic)].every((input) => input[0].includes('checked=""'))).toBe(true);
  });

  it.each<TMemberRole>(['user', 'billing'])('shows nothing to a %s member', async (role) => {
    expect(await render('en', role, smart)).toBe('');
  });
});
