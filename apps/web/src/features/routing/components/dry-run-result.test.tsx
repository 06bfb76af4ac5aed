import type { TDryRunResult, TRuleCondition } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/routing.json';
import esTexts from '@/locales/es/routing.json';
import { pageText, renderPage } from '@/testing/render-page';

import { DryRunResult } from './dry-run-result';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const classCondition: TRuleCondition = { kind: 'document_class', classes: ['referral'] };
const pagesCondition: TRuleCondition = { kind: 'pages', min: 2, max: null };

const result: TDryRunResult = {
  examined: 3,
  placed: 1,
  faxes: [
    {
      id: 'fax-1',
      createdAt: '2026-12-01T22:15:00.000Z',
      fromNumber: '+15550109999',
      toNumber: '+15550100100',
      pages: 4,
      matched: true,
      verdicts: [
        { condition: classCondition, observed: 'referral', met: true },
        { condition: pagesCondition, observed: '4', met: true },
      ],
      takenBy: null,
    },
    {
      id: 'fax-2',
      createdAt: '2026-12-01T09:00:00.000Z',
      fromNumber: null,
      toNumber: '+15550100100',
      pages: 1,
      matched: false,
      verdicts: [
        { condition: classCondition, observed: 'invoice', met: false },
        { condition: pagesCondition, observed: '1', met: false },
      ],
      takenBy: null,
    },
    {
      id: 'fax-3',
      createdAt: '2026-11-30T08:00:00.000Z',
      fromNumber: '+15550107777',
      toNumber: '+15550100200',
      pages: 2,
      matched: true,
      verdicts: [
        { condition: classCondition, observed: 'referral', met: true },
        { condition: pagesCondition, observed: '2', met: true },
      ],
      takenBy: { ruleId: 'rule-0', ruleName: 'Urgent first' },
    },
  ],
};

/** Words for the conditions, as the rule's summary would give them. */
const conditionText = (condition: TRuleCondition) => (condition.kind === 'pages' ? 'at least 2 pages' : 'class is Referral');

async function render(language: 'en' | 'es' = 'en') {
  return renderPage(createElement(DryRunResult, { result, conditionText }), {
    language,
    texts: { en: { routing: enTexts }, es: { routing: esTexts } },
  });
}

/** The table's rows, each as its text. */
const rowsOf = (html: string) => [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((match) => pageText(match[1] ?? ''));

describe('the dry run’s result', () => {
  it('says how many of the faxes looked at the rule would have placed, as a status', async () => {
    const html = await render();
    expect(html).toMatch(/<p role="status"[^>]*>It would have placed 1 of the last 3 received faxes\.<\/p>/);
  });

  it('shows each fax with each condition’s verdict: what the fax showed, met or not', async () => {
    const rows = rowsOf(await render());
    expect(rows[0]).toBe('Date From To Pages Matched Conditions');
    expect(rows[1]).toContain('+1 555 010 9999');
    expect(rows[1]).toContain('Yes');
    expect(rows[1]).toContain('class is Referral Met · the fax showed: referral');
    expect(rows[1]).toContain('at least 2 pages Met · the fax showed: 4');
    expect(rows[2]).toContain('No');
    expect(rows[2]).toContain('not known');
    expect(rows[2]).toContain('class is Referral Not met · the fax showed: invoice');
    expect(rows[2]).toContain('at least 2 pages Not met · the fax showed: 1');
  });

  it('names the earlier rule that takes a fax first', async () => {
    const rows = rowsOf(await render());
    expect(rows[3]).toContain('Taken first by rule Urgent first');
    expect(rows[1]).not.toContain('Taken first');
  });

  it('has cards for phone width, hidden from tablet width up while the table shows', async () => {
    const html = await render();
    expect(html).toMatch(/<div role="region"[^>]*class="[^"]*hidden[^"]*sm:block/);
    expect(html).toMatch(/<ul aria-label="[^"]+" class="[^"]*sm:hidden[^"]*">/);
    expect([...html.matchAll(/<li class="flex min-w-0 flex-col gap-2 rounded-md border/g)]).toHaveLength(3);
  });

  it('says it in Spanish', async () => {
    expect(pageText(await render('es'))).toContain('Habría colocado 1 de los últimos 3 faxes recibidos.');
  });
});
