import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import enTexts from '@/locales/en/routing.json';
import { pageText, renderPage } from '@/testing/render-page';

import { newCondition, type TConditionDraft } from '../utils/rule-form';

import { ConditionFields } from './condition-fields';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

async function render(condition: TConditionDraft, problem: string | null = null) {
  const props = {
    base: 'c1',
    position: 2,
    condition,
    numbers: ['+15550100100'],
    problem,
    disabled: false,
    onChange: () => {},
    onRemove: () => {},
  };
  return renderPage(createElement(ConditionFields, props), { language: 'en', texts: { en: { routing: enTexts } } });
}

/** Whether the control of id `id` has a label bound to it with this text. */
const labelled = (html: string, id: string, text: string) => new RegExp(`<label[^>]*for="${id}"[^>]*>${text}</label>`).test(html);

describe('a condition’s fields', () => {
  it('is a fieldset named by its place, its kind a labelled select first, and Remove named for it', async () => {
    const html = await render(newCondition('caller'));
    expect(html).toMatch(/^<fieldset id="c1"[^>]*><legend[^>]*>Condition 2<\/legend>/);
    expect(labelled(html, 'c1-kind', 'Look at')).toBe(true);
    expect(html.indexOf('id="c1-kind"')).toBeLessThan(html.indexOf('<input'));
    expect(html).toMatch(/<button[^>]*aria-label="Remove condition 2"/);
    expect(labelled(html, 'c1-prefixes', 'Callers&#x27; numbers or prefixes')).toBe(true);
  });

  it('asks for weekdays as checkboxes and the hours as time inputs, and says when they span midnight', async () => {
    const html = await render({ ...newCondition('time'), from: '22:00', to: '06:00', days: [0] });
    expect(html).toMatch(/<fieldset id="c1-days"[^>]*><legend[^>]*>Days<\/legend>/);
    expect([...html.matchAll(/<input[^>]*type="checkbox"/g)]).toHaveLength(7);
    expect(labelled(html, 'c1-days-0', 'Sunday')).toBe(true);
    for (const [end, value] of [
      ['from', '22:00'],
      ['to', '06:00'],
    ] as const) {
      const input = new RegExp(`<input[^>]*id="c1-${end}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(input).toContain('type="time"');
      expect(input).toContain(`value="${value}"`);
    }
    expect(pageText(html)).toContain('From 22:00 to 06:00 spans midnight: the night belongs to the day it began.');
  });

  it('reads out its problem with the fieldset', async () => {
    const html = await render(newCondition('called_number'), 'Choose at least one number called.');
    expect(html).toMatch(/^<fieldset id="c1"[^>]*aria-describedby="c1-problem"[^>]*aria-invalid="true"/);
    expect(html).toContain('<p id="c1-problem" class="text-sm font-medium text-destructive">Choose at least one number called.</p>');
  });
});
