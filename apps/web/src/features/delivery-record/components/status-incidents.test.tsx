import type { TStatusIncident } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

import enTexts from '@/locales/en/delivery-record.json';
import frTexts from '@/locales/fr/delivery-record.json';
import { pageText, renderPage } from '@/testing/render-page';

import { StatusIncidents } from './status-incidents';

const texts = { en: { 'delivery-record': enTexts }, fr: { 'delivery-record': frTexts } };

const incident = (fields: Partial<TStatusIncident>): TStatusIncident => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'incident',
  title: 'Telnyx calls fail',
  body: 'Faxes to Telnyx numbers wait.',
  language: 'en',
  // Noon UTC: the same calendar day in whatever time zone the tests run in.
  startedAt: '2026-12-01T12:00:00.000Z',
  endsAt: '2026-12-09T12:00:00.000Z',
  state: 'ongoing',
  ...fields,
});

describe("the status page's notices", () => {
  it('names each notice with its kind and state, its times, title and words, in the language it was written in', async () => {
    const html = await renderPage(
      createElement(StatusIncidents, {
        incidents: [
          incident({ title: 'Les appels Telnyx échouent', body: 'Les fax attendent.', language: 'fr' }),
          incident({ id: '00000000-0000-4000-8000-000000000002', kind: 'maintenance', title: 'Database upgrade', state: 'ended' }),
        ],
      }),
      { language: 'fr', texts },
    );
    const text = pageText(html);
    expect(text).toMatch(
      /^Incident En cours Les appels Telnyx échouent Publié le 1 déc\. 2026, .+ · Jusqu'au 9 déc\. 2026, .+ Les fax attendent\./,
    );
    expect(text).toMatch(/Maintenance Terminé Database upgrade Publié le .+ · Terminé le 9 déc\. 2026/);
    expect(html).toContain('lang="fr"');
    expect(html).toContain('lang="en"');
  });

  it('says when there is none', async () => {
    const html = await renderPage(createElement(StatusIncidents, { incidents: [] }), { language: 'en', texts });
    expect(pageText(html)).toBe('No incident or maintenance notice in the last 30 days.');
  });
});
