import { webPaths, type TInboxFax, type TInboxFaxPage, type TInboxList, type TSessionUser } from '@faxline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { AuthContext, type TAuthContext } from '@/lib/auth/use-auth';
import { i18n } from '@/lib/i18n';
import { inboxKeys } from '@/lib/inboxes/query-keys';

import { claimMutationOptions } from '../api/claim-fax';
import { inboxFaxQueryOf, readInboxViewState, writeInboxViewState } from '../utils/inbox-params';

import { InboxNavLinks, InboxNavList } from './inbox-nav-links';
import { InboxView } from './inbox-view';

// The app's i18n reads the browser's language and the page at start: here, English with the texts the page uses.
vi.mock('@/lib/i18n', async () => {
  const { createInstance } = await import('i18next');
  const { initReactI18next } = await import('react-i18next');
  const { MESSAGES: messages } = await import('@faxline/shared');
  const faxes = (await import('@/locales/en/faxes.json')).default;
  const inboxes = (await import('@/locales/en/inboxes.json')).default;
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { faxes, inboxes, messages: messages.en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return { i18n: instance };
});

const REFERRALS = '5d1e8a52-6c1f-4f43-9a55-3b1a8c1d0a01';
const BILLING = '5d1e8a52-6c1f-4f43-9a55-3b1a8c1d0a02';
const me = { id: 'user-ana', name: 'Ana Ruiz' } as TSessionUser;

const inboxList: TInboxList = {
  inboxes: [
    { id: REFERRALS, name: 'Referrals', memberIds: ['user-ana'], numbers: ['+14155550100'], newFaxes: 3 },
    { id: BILLING, name: 'Billing', memberIds: [], numbers: [], newFaxes: 0 },
  ],
  unsorted: { newFaxes: 2 },
  mayManage: true,
};

const inboxFax = (fields: Partial<TInboxFax>, placement: Partial<TInboxFax['placement']> = {}): TInboxFax => ({
  id: 'fax-1',
  direction: 'inbound',
  status: 'received',
  read: true,
  fromNumber: '+12125550199',
  toNumber: '+14155550100',
  recipientName: null,
  senderName: 'Clinic Front Desk',
  pages: 3,
  pagesSent: null,
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
  createdAt: '2026-12-04T09:30:00.000Z',
  completedAt: null,
  snippet: null,
  documentClass: 'referral',
  placement: {
    inboxId: REFERRALS,
    inboxName: 'Referrals',
    assignee: null,
    labels: [],
    state: 'new',
    folder: 'inbox',
    filedAt: '2026-12-04T09:31:00.000Z',
    routedBy: null,
    ...placement,
  },
  ...fields,
});

/** The page at `url` with the inbox list and, unless `faxes` is an error, that folder's faxes already answered. */
function renderAt(url: string, element: ReactElement, faxes: TInboxFaxPage | ApiError | null) {
  // A refusal already answered stays as it is (no new try while the page is drawn).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  client.setQueryData(inboxKeys.list(), inboxList);
  const query = inboxFaxQueryOf(readInboxViewState(new URLSearchParams(url.split('?')[1])));
  if (faxes instanceof ApiError) {
    client
      .getQueryCache()
      .build(client, { queryKey: inboxKeys.faxes(query) })
      .setState({ status: 'error', error: faxes });
  } else if (faxes) {
    client.setQueryData(inboxKeys.faxes(query), faxes);
  }
  const auth = { user: me } as TAuthContext;
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        QueryClientProvider,
        { client },
        createElement(AuthContext.Provider, { value: auth }, createElement(MemoryRouter, { initialEntries: [url] }, element)),
      ),
    ),
  );
}

/** The page's text without its tags, as a person reads it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const page = (faxes: TInboxFax[], total = faxes.length): TInboxFaxPage => ({ faxes, total, page: 1, pageSize: 20 });
const view = createElement(InboxView, { onOpen: () => {} });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a shared inbox’s page (decision 103)', () => {
  it('shows the folders as tabs, the one in the address selected', () => {
    const html = renderAt(webPaths.user.inbox.getHref(REFERRALS, 'archive'), view, page([]));
    const tabs = [...html.matchAll(/<button[^>]*role="tab"[^>]*>([^<]+)<\/button>/g)].map((match) => match[0]);
    expect(tabs.map((tab) => text(tab).trim())).toEqual(['Inbox', 'Archive', 'Junk']);
    expect(tabs[1]).toContain('aria-selected="true"');
    expect(tabs[0]).toContain('aria-selected="false"');
    expect(html).toContain('aria-label="Folders"');
    expect(text(html)).toContain('No faxes in this folder.');
  });

  it('lists each fax with when, from whom, pages, class, who has it, labels and state; Claim only while nobody has it', () => {
    const faxes = [
      inboxFax({ id: 'free', read: false }, { labels: ['urgent'] }),
      inboxFax(
        { id: 'taken', senderName: null, documentClass: null },
        { assignee: { id: 'user-luis', name: 'Luis Mora' }, state: 'in_progress' },
      ),
    ];
    const html = renderAt(webPaths.user.inbox.getHref(REFERRALS), view, page(faxes));
    const [table, afterTable] = html.split('</table>') as [string, string];
    const rows = table.split('<tr').slice(2).map(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /Dec 4, 2026, 9:30 AM Clinic Front Desk \+1 212 555 0199 3 Referral Nobody urgent New Claim the fax from Clinic Front Desk Open the fax from Clinic Front Desk/,
    );
    expect(rows[1]).toMatch(/\+1 212 555 0199 3 Not read yet Luis Mora In Progress Open the fax from \+1 212 555 0199/);
    expect(rows[1]).not.toContain('Claim');
    // The same faxes as cards, for a phone's width.
    const cards = afterTable.split('<li class="flex flex-col gap-2 rounded-lg').slice(1).map(text);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('Claim');
    expect(cards[1]).not.toContain('Claim');
  });

  it('labels its filters and keeps those of the address', () => {
    const html = renderAt(`${webPaths.user.inbox.getHref(REFERRALS)}&assigned=me&state=done`, view, page([]));
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Assigned<\/label><select[^>]*id="\1"/);
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>State<\/label><select[^>]*id="\1"/);
    expect(html).toMatch(/<option value="me" selected="">Assigned to me<\/option>/);
    expect(html).toMatch(/<option value="done" selected="">Done<\/option>/);
    expect(text(html)).toContain('No faxes in this folder match these filters.');
  });

  it('shows the server’s words for an inbox the person may not see', () => {
    const refusal = new ApiError('not_found', 'This inbox does not exist or is not yours to see.', 404);
    const html = renderAt(webPaths.user.inbox.getHref(BILLING), view, refusal);
    expect(html).toContain('<p role="alert" class="rounded-lg border p-6">This inbox does not exist or is not yours to see.</p>');
  });

  it('pages the folder when it holds more than a page', () => {
    const html = renderAt(`${webPaths.user.inbox.getHref(REFERRALS)}&page=2`, view, { ...page([inboxFax({})], 45), page: 2 });
    expect(text(html)).toContain('Page 2 of 3');
  });

  it('claims a fax with PATCH, assigning it to the person, and refreshes every inbox list and count', async () => {
    const fetch = vi.fn(async () =>
      Response.json(inboxFax({}, { assignee: { id: me.id, name: me.name }, state: 'in_progress' }).placement),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await client.getMutationCache().build(client, claimMutationOptions(client)).execute({ id: 'fax-1', userId: me.id });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/faxes/fax-1/placement');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ assigneeId: me.id });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });
  });
});

describe('the side menu’s shared inboxes', () => {
  const menu = (list: TInboxList) => {
    const client = new QueryClient();
    client.setQueryData(inboxKeys.list(), list);
    return renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(
          QueryClientProvider,
          { client },
          createElement(
            MemoryRouter,
            { initialEntries: [webPaths.user.inbox.getHref(REFERRALS)] },
            createElement(InboxNavLinks, { collapsed: false, tooltipProps: () => ({}) }),
          ),
        ),
      ),
    );
  };

  it('names each inbox with its count of new faxes, then Unsorted, the shown one as the current page', () => {
    const html = menu(inboxList);
    const links = [...html.matchAll(/<a [^>]*>.*?<\/a>/g)].map((match) => match[0]);
    expect(links).toHaveLength(3);
    expect(links[0]).toContain('aria-label="Referrals, 3 new"');
    expect(links[0]).toContain('aria-current="page"');
    expect(links[0]).toContain(`href="${webPaths.user.inbox.getHref(REFERRALS).replace(/&/g, '&amp;')}"`);
    expect(text(links[0]!)).toBe(' Referrals 3 ');
    // No count, no badge: the inbox's name alone.
    expect(links[1]).toContain('aria-label="Billing"');
    expect(text(links[1]!)).toBe(' Billing ');
    expect(links[1]).not.toContain('aria-current');
    expect(links[2]).toContain('aria-label="Unsorted, 2 new"');
    expect(html).toContain('aria-label="Shared inboxes"');
  });

  it('shows nothing while the account has no inbox the person sees', () => {
    expect(menu({ inboxes: [], unsorted: { newFaxes: 4 }, mayManage: true })).toBe('');
  });

  it('shows icons with the count when the sidebar is collapsed, the name still the link’s', () => {
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(MemoryRouter, null, createElement(InboxNavList, { list: inboxList, collapsed: true, tooltipProps: () => ({}) })),
      ),
    );
    expect(html).toContain('aria-label="Referrals, 3 new"');
    expect(html).not.toContain('>Referrals<');
  });
});

describe('the inbox page’s address', () => {
  it('is the one the menu links to, and reads back the same', () => {
    const state = readInboxViewState(new URLSearchParams(webPaths.user.inbox.getHref(REFERRALS, 'junk').split('?')[1]));
    expect(state).toEqual({ inbox: REFERRALS, folder: 'junk', state: null, assigned: 'all', page: 1 });
    expect(`${webPaths.user.inbox.path}?${writeInboxViewState(state).toString()}`).toBe(webPaths.user.inbox.getHref(REFERRALS, 'junk'));
    expect(inboxFaxQueryOf({ ...state, assigned: 'none', state: 'new', page: 2 })).toEqual({
      inbox: REFERRALS,
      folder: 'junk',
      state: 'new',
      assigned: 'none',
      page: 2,
      pageSize: 20,
    });
  });

  it('falls back to the inbox folder’s first page, unfiltered, for anything it does not know', () => {
    expect(readInboxViewState(new URLSearchParams('inbox=none&folder=trash&state=lost&assigned=them&page=-3'))).toEqual({
      inbox: 'none',
      folder: 'inbox',
      state: null,
      assigned: 'all',
      page: 1,
    });
  });
});
