import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';

import { chooseForUncertainFax } from '../api/choose-uncertain';

import { FaxFailure } from './fax-failure';

// The app's i18n reads the browser's language and the page at start: here, English with the texts the section uses.
vi.mock('@/lib/i18n', async () => {
  const { createInstance } = await import('i18next');
  const { initReactI18next } = await import('react-i18next');
  const { MESSAGES } = await import('@faxline/shared');
  const faxes = (await import('@/locales/en/faxes.json')).default;
  const failures = (await import('@/locales/en/fax-failures.json')).default;
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { faxes, 'fax-failures': failures, messages: MESSAGES.en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return { i18n: instance };
});

afterEach(() => vi.unstubAllGlobals());

type TShown = Parameters<typeof FaxFailure>[0]['fax'];
const failed = (fields: Partial<TShown>): TShown => ({
  id: 'fax-1',
  direction: 'outbound',
  status: 'failed',
  failureReason: 'busy',
  failureMessage: null,
  uncertainChoice: null,
  ...fields,
});
const render = (fax: TShown) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(I18nextProvider, { i18n }, createElement(FaxFailure, { fax, onShow: () => undefined })),
    ),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a sent fax’s failure in the one failure language (decision 119)', () => {
  it('says the class’s sentence, whether another try may help, and what was recorded', () => {
    const busy = text(render(failed({ failureMessage: 'The line was busy on every try.' })));
    expect(busy).toContain('Busy: the line was engaged');
    expect(busy).toContain('Another try may get through: you can send it again.');
    expect(busy).not.toContain('Recorded:');
    const unconverted = text(
      render(failed({ failureReason: 'conversion_error', failureMessage: '"scan.docx" is damaged and could not be converted.' })),
    );
    expect(unconverted).toContain('Recorded: &quot;scan.docx&quot; is damaged and could not be converted.');
    const refused = text(render(failed({ failureReason: 'carrier_refused' })));
    expect(refused).toContain('Refused by the carrier');
    expect(refused).toContain('Sending it again would end the same way.');
    expect(render(failed({ failureReason: null, status: 'delivered' }))).toBe('');
  });

  it('asks the sender of an uncertain fax to send it again or keep it, until one is chosen', () => {
    const open = render(failed({ failureReason: 'uncertain' }));
    expect(text(open)).toContain('Did it arrive? Nobody can say');
    expect(text(open)).toContain('Faxline does not count it as delivered');
    expect([...open.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1])).toEqual(['Send again', 'Keep as is']);
    expect(open).toContain('aria-labelledby="fax-failure-heading"');
    const kept = render(failed({ failureReason: 'uncertain', uncertainChoice: 'keep' }));
    expect(kept).not.toContain('<button');
    expect(text(kept)).toContain('You chose to keep this fax as it is.');
  });

  it('posts the choice to the fax’s uncertain route', async () => {
    const fetch = vi.fn(async () => Response.json({ choice: 'keep', resentFaxId: null }));
    vi.stubGlobal('fetch', fetch);
    expect(await chooseForUncertainFax('fax-1', 'keep')).toEqual({ choice: 'keep', resentFaxId: null });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/faxes/fax-1/uncertain');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ choice: 'keep' });
  });
});
