import { MESSAGE_DEFAULTS, MESSAGES, type TAccountSummary, type TLanguage } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { apiKeysKeys } from '@/features/api-keys/api/query-keys';
import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import enTexts from '@/locales/en/api-keys.json';
import enCommon from '@/locales/en/common.json';
import enDevelopers from '@/locales/en/developers.json';
import enErrors from '@/locales/en/errors.json';
import enPlanFeatures from '@/locales/en/plan-features.json';
import frPlanFeatures from '@/locales/fr/plan-features.json';

import ApiKeysRoute from './api-keys';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const plan = (apiAccess: boolean): NonNullable<TAccountSummary['plan']> => ({
  id: 'plan',
  name: apiAccess ? 'Business' : 'Basic',
  apiAccess,
  webhooks: apiAccess,
  faxToEmail: apiAccess,
  maxUsers: apiAccess ? null : 1,
});

/** /user/api-keys as it first renders for the owner of an account on a plan with or without the API. */
async function render(apiAccess: boolean, language: TLanguage = 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: {
      en: {
        common: enCommon,
        errors: enErrors,
        messages: MESSAGES.en,
        'api-keys': enTexts,
        developers: enDevelopers,
        'plan-features': enPlanFeatures,
      },
      fr: { 'plan-features': frPlanFeatures },
    },
    fallbackLng: 'en',
    interpolation: { escapeValue: false, defaultVariables: { ...MESSAGE_DEFAULTS } },
    showSupportNotice: false,
  });
  const client = new QueryClient();
  client.setQueryData(accountSummaryQueryKey, { role: 'owner', plan: plan(apiAccess) } as TAccountSummary);
  client.setQueryData(apiKeysKeys.list(), { apiKeys: [], max: 10 });
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(I18nextProvider, { i18n }, createElement(QueryClientProvider, { client }, createElement(ApiKeysRoute))),
    ),
  );
}

describe('/user/api-keys and the plan (decision 087)', () => {
  it('shows, on a plan without the API, what it lacks and Upgrade to /user/billing instead of the form', async () => {
    const html = await render(false);
    expect(html).toContain(enPlanFeatures.apiAccess.title);
    expect(html).toContain('The Basic plan has no API keys');
    expect(html).toMatch(/<a[^>]*href="\/user\/billing"[^>]*>Upgrade<\/a>/);
    expect(html).not.toContain(enTexts.form.title);
  });

  it('shows the form on a plan with the API', async () => {
    const html = await render(true);
    expect(html).toContain(enTexts.form.title);
    expect(html).not.toContain(enPlanFeatures.apiAccess.title);
  });

  it('says it in the reader’s language', async () => {
    const html = await render(false, 'fr');
    expect(html).toContain(frPlanFeatures.apiAccess.title);
    expect(html).toMatch(/>Changer de forfait<\/a>/);
  });
});
