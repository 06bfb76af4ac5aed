import { FAX_CHANNELS, type TFaxListItem } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import enFaxes from '@/locales/en/faxes.json';
import esFaxes from '@/locales/es/faxes.json';
import frFaxes from '@/locales/fr/faxes.json';

import { CHANNEL_NAMES, channelNoteOf } from '../utils/fax-channel';

import { FaxCards } from './fax-cards';
import { FaxTable, type TFaxListProps } from './fax-table';

// The app's i18n reads the browser's language and the page at start: here, English with the texts the lists use.
vi.mock('@/lib/i18n', async () => {
  const { createInstance } = await import('i18next');
  const { initReactI18next } = await import('react-i18next');
  const { MESSAGES } = await import('@faxline/shared');
  const faxes = (await import('@/locales/en/faxes.json')).default;
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { faxes, messages: MESSAGES.en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return { i18n: instance };
});

const fax = (fields: Partial<TFaxListItem>): TFaxListItem => ({
  id: 'fax-1',
  direction: 'outbound',
  status: 'delivered',
  read: false,
  fromNumber: '+14155550100',
  toNumber: '+14155550123',
  recipientName: null,
  senderName: null,
  pages: 2,
  pagesSent: 2,
  quality: 'standard',
  failureReason: null,
  failureMessage: null,
  coverSubject: null,
  line: 'internal',
  channel: 'web',
  stationCheck: null,
  scheduledAt: null,
  nextTryAt: null,
  retryReason: null,
  resentFromId: null,
  createdAt: '2026-11-27T09:30:00.000Z',
  completedAt: '2026-11-27T09:31:00.000Z',
  snippet: null,
  ...fields,
});

const render = (element: ReactElement) =>
  renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(QueryClientProvider, { client: new QueryClient() }, element)),
  );

const listProps = (faxes: TFaxListItem[]): TFaxListProps => ({
  direction: faxes[0]!.direction,
  faxes,
  sort: { key: 'date', order: 'desc' },
  onSort: () => {},
  onViewDetails: () => {},
  onCancel: () => {},
});

/** The page's text without its tags, as a person reads it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the fax history shows how a sent fax was sent (issue 19)', () => {
  const sent = [fax({ id: 'a', channel: 'email' }), fax({ id: 'b', channel: 'api' }), fax({ id: 'c', channel: 'web' })];

  it('in the table, under each sent fax’s date', () => {
    const html = render(createElement(FaxTable, listProps(sent)));
    const dateCells = html
      .split('<tr')
      .slice(2)
      .map((row) => text(row.split('<td')[2] ?? ''));
    expect(dateCells).toHaveLength(3);
    expect(dateCells[0]).toMatch(/2026.* Via e-mail $/);
    expect(dateCells[1]).toMatch(/2026.* Via the API $/);
    expect(dateCells[2]).toMatch(/2026.* Via the portal $/);
    // The spec's columns stay as they were: no column of its own.
    expect(html.match(/<th /g)).toHaveLength(6);
  });

  it('on a phone’s cards, beside the pages and quality', () => {
    const html = render(createElement(FaxCards, listProps(sent)));
    const cards = html.split('<li').slice(1).map(text);
    expect(cards[0]).toMatch(/· 2 pages · Standard · Via e-mail/);
    expect(cards[1]).toMatch(/· Via the API/);
  });

  it('not for a received fax, which came down a line', () => {
    const received = fax({ direction: 'inbound', status: 'received', channel: 'web', toNumber: '+14155550100' });
    for (const list of [FaxTable, FaxCards]) {
      expect(text(render(createElement(list, listProps([received]))))).not.toMatch(/Via /);
    }
    expect(channelNoteOf(received)).toBeNull();
  });

  it('names every channel in every language, each differently', () => {
    for (const texts of [enFaxes, esFaxes, frFaxes]) {
      const notes = FAX_CHANNELS.map((channel) => texts.history.via[channel]);
      const names = FAX_CHANNELS.map((channel) => texts.details.channels[channel]);
      expect(new Set(notes).size).toBe(FAX_CHANNELS.length);
      expect(new Set(names).size).toBe(FAX_CHANNELS.length);
    }
    for (const channel of FAX_CHANNELS) expect(CHANNEL_NAMES[channel]).toBe(`details.channels.${channel}`);
  });
});

describe('the fax history shows where a search found its words in a fax’s text (issue 37, decision 100)', () => {
  const snippet = {
    page: 2,
    parts: [
      { text: 'Please see the attached ', match: false },
      { text: 'referral', match: true },
      { text: ' for <b>Jane</b>', match: false },
    ],
  };
  const found = fax({ id: 'found', direction: 'inbound', status: 'received', snippet });
  const other = fax({ id: 'other', direction: 'inbound', status: 'received' });

  it('in the table, on a row of its own under the fax’s, across the columns, the matched words marked', () => {
    const html = render(createElement(FaxTable, listProps([found, other])));
    const rows = html
      .split('<tr')
      .slice(2)
      .map((row) => `<tr${row}`);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('colSpan="5"');
    expect(text(rows[1]!)).toBe(' In the text, page 2: Please see the attached referral for &lt;b&gt;Jane&lt;/b&gt; ');
    expect(rows[1]).toContain('<mark class="rounded-sm bg-amber-100 px-0.5 font-medium text-foreground">referral</mark>');
    // The text read on a fax is shown as text, never as markup.
    expect(rows[1]).toContain('&lt;b&gt;Jane&lt;/b&gt;');
    expect(text(rows[2]!)).not.toMatch(/In the text/);
  });

  it('on a phone’s card, under its details', () => {
    const cards = render(createElement(FaxCards, listProps([found, other])))
      .split('<li')
      .slice(1);
    expect(text(cards[0]!)).toMatch(/In the text, page 2: Please see the attached referral/);
    expect(cards[0]).toContain('<mark');
    expect(cards[1]).not.toContain('<mark');
  });

  it('in every language', () => {
    expect([enFaxes, esFaxes, frFaxes].map((texts) => texts.history.snippetPage)).toEqual([
      'In the text, page {{page}}:',
      'En el texto, página {{page}}:',
      'Dans le texte, page {{page}}\u00a0:',
    ]);
  });
});
