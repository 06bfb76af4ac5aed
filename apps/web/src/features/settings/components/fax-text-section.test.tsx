import { MESSAGES, type TAccountSummary, type TFaxTextSettings, type TLanguage, type TMemberRole } from '@faxline/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import enTexts from '@/locales/en/settings.json';
import frTexts from '@/locales/fr/settings.json';
import { pageText, renderPage } from '@/testing/render-page';

import { faxTextSettingsQueryKey } from '../api/get-fax-text-settings';

import { FaxTextSection } from './fax-text-section';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

/** The section as it first renders for a role, with the stored setting already answered (or not yet). */
async function render(language: TLanguage, role: TMemberRole, answer?: TFaxTextSettings) {
  return renderPage(createElement(FaxTextSection), {
    language,
    texts: {
      en: { messages: MESSAGES.en, settings: enTexts },
      fr: { messages: MESSAGES.fr, settings: frTexts },
    },
    answers: [
      [accountSummaryQueryKey, { role } as TAccountSummary],
      [faxTextSettingsQueryKey, answer],
    ],
  });
}

/** The switch's input: its attributes, whatever their order. */
const switchOf = (html: string) => /<input[^>]*role="switch"[^>]*>/.exec(html)?.[0] ?? '';

describe('the Search Inside Faxes section', () => {
  it('shows the owner the switch on, labelled and described, under a heading that names the section', async () => {
    const html = await render('en', 'owner', { readsFaxText: true, reviewBelowPercent: 60 });
    expect(html).toMatch(/<section[^>]*aria-labelledby="fax-text-heading"/);
    expect(html).toMatch(/<h2 id="fax-text-heading"[^>]*>Search Inside Faxes<\/h2>/);
    const input = switchOf(html);
    expect(input).toContain('checked=""');
    expect(input).not.toMatch(/\sdisabled=/);
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>Read the words of faxes</label>`));
    expect(input).toContain(`aria-describedby="${id}-description"`);
    expect(html).toContain(`id="${id}-description"`);
    expect(pageText(html)).toContain(enTexts.faxText.reads.description);
    expect(pageText(html)).toContain('Save Search Settings');
    // The review queue's threshold, a labelled number from 0 to 100 (decision 102).
    const threshold = /<input[^>]*type="number"[^>]*>/.exec(html)?.[0] ?? '';
    expect(threshold).toContain('value="60"');
    expect(threshold).toMatch(/min="0"[^>]*max="100"|max="100"[^>]*min="0"/);
    const thresholdId = /id="([^"]+)"/.exec(threshold)?.[1];
    expect(html).toMatch(new RegExp(`<label[^>]*for="${thresholdId}"[^>]*>Review Below \\(%\\)</label>`));
  });

  it('says it in French to a sub-admin, with the switch off when reading is off', async () => {
    const on = await render('fr', 'admin', { readsFaxText: true, reviewBelowPercent: 60 });
    expect(pageText(on)).toContain('Recherche dans les fax');
    expect(pageText(on)).toContain('Lire les mots des fax');
    expect(switchOf(on)).toContain('checked=""');
    const off = await render('fr', 'admin', { readsFaxText: false, reviewBelowPercent: 60 });
    expect(switchOf(off)).not.toMatch(/\schecked=/);
  });

  it('says it is loading until the setting arrives', async () => {
    expect(pageText(await render('en', 'owner'))).toContain('Loading search settings...');
  });

  it.each<TMemberRole>(['user', 'billing'])('shows nothing to a %s member', async (role) => {
    expect(await render('en', role, { readsFaxText: true, reviewBelowPercent: 60 })).toBe('');
  });
});
