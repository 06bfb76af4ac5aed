import { MESSAGE_DEFAULTS, MESSAGES, type TAccountSummary, type TEmailToFaxSettings, type TLanguage } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { emailToFaxSettingsQueryKey } from '@/features/email-to-fax/api/get-email-to-fax-settings';
import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import enCommon from '@/locales/en/common.json';
import enTexts from '@/locales/en/email-to-fax.json';
import enErrors from '@/locales/en/errors.json';
import esTexts from '@/locales/es/email-to-fax.json';

import EmailToFaxRoute from './email-to-fax';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const stored: TEmailToFaxSettings = {
  domain: 'fax.example.com',
  senders: [
    { address: 'scanner@example.com', status: 'active', expiresAt: null, confirmedAt: '2026-12-01T10:00:00.000Z' },
    { address: 'desk@example.com', status: 'pending', expiresAt: '2026-12-08T10:00:00.000Z', confirmedAt: null },
  ],
  authPolicy: 'enforce',
  includeBody: false,
};

/** The page as it first renders for a person of `role`, with the account and the settings already answered. */
async function render(role: TAccountSummary['role'] | null, language: TLanguage = 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: {
      en: { common: enCommon, errors: enErrors, messages: MESSAGES.en, 'email-to-fax': enTexts },
      es: { 'email-to-fax': esTexts },
    },
    fallbackLng: 'en',
    interpolation: { escapeValue: false, defaultVariables: { ...MESSAGE_DEFAULTS } },
    showSupportNotice: false,
  });
  const client = new QueryClient();
  if (role) client.setQueryData(accountSummaryQueryKey, { role } as TAccountSummary);
  client.setQueryData(emailToFaxSettingsQueryKey, stored);
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(QueryClientProvider, { client }, createElement(EmailToFaxRoute))),
  );
}

/** The opening tag of the input labelled `label` (its <label for> names the id). */
function inputLabelled(html: string, label: string): string {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  return new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
}

describe('/user/email-to-fax', () => {
  it("shows an owner the address to write to with the service's domain, and the stored settings in the form", async () => {
    const html = await render('owner');
    expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight">${enTexts.title}</h1>`);
    expect(html).toMatch(/translate="no"[^>]*>14155550123@fax\.example\.com</);
    expect(html).toContain('followed by @fax.example.com.');
    for (const { address } of stored.senders) expect(html).toContain(`>${address}</span>`);
    // Each address says where it stands: only a confirmed one sends, a waiting one can be sent its link again.
    expect(html).toContain(`>${enTexts.senderStatus.active}</span>`);
    expect(html).toContain(`>${enTexts.senderStatus.pending}</span>`);
    expect(html).toContain('Send link again<span class="sr-only"> desk@example.com</span>');
    expect(html).not.toContain('Send link again<span class="sr-only"> scanner@example.com</span>');
    expect(html).toContain('2 of 50 addresses');
    expect(html).toContain('Remove<span class="sr-only"> desk@example.com</span>');
    expect(inputLabelled(html, enTexts.policy.enforce.label)).toContain('checked=""');
    const report = inputLabelled(html, enTexts.policy.report.label);
    expect(report).toContain('type="radio"');
    expect(report).not.toContain('checked=""');
    const includeBody = inputLabelled(html, enTexts.includeBody.label.replace("'", '&#x27;'));
    expect(includeBody).toContain('role="switch"');
    expect(includeBody).not.toContain('checked=""');
    expect(html).toContain(`>${enTexts.save.button}</button>`);
    expect(html).not.toContain(enTexts.notAllowed);
  });

  it('shows a sub-admin the form too, in their language', async () => {
    const html = await render('admin', 'es');
    expect(html).toContain(esTexts.title);
    expect(html).toContain(esTexts.policy.legend);
    expect(html).toContain(`>${esTexts.save.button}</button>`);
  });

  it.each(['user', 'billing'] as const)('tells a %s who can help, and shows no form', async (role) => {
    const html = await render(role);
    expect(html).toContain(enTexts.notAllowed);
    expect(html).not.toContain('<form');
    expect(html).not.toContain('fax.example.com');
  });

  it('says it is checking while the role is not known yet', async () => {
    const html = await render(null);
    expect(html).toContain(enTexts.checkingRole);
    expect(html).not.toContain('<form');
  });
});
