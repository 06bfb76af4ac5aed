import {
  MESSAGES,
  type TAccountSummary,
  type TInboxList,
  type TMember,
  type TMemberRole,
  type TRoutingRuleList,
  type TWebhookEndpoint,
} from '@faxline/shared';
import { createElement, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { routingKeys } from '@/features/routing/api/query-keys';
import { accountSummaryQueryKey } from '@/lib/account/get-account-summary';
import { inboxKeys } from '@/lib/inboxes/query-keys';
import enFaxes from '@/locales/en/faxes.json';
import enRouting from '@/locales/en/routing.json';
import frFaxes from '@/locales/fr/faxes.json';
import frRouting from '@/locales/fr/routing.json';
import { pageText, renderPage } from '@/testing/render-page';

import InboxesRoute from './inboxes';
import RoutingRulesRoute from './routing-rules';

// The app's i18next starts from the browser's language and storage; each render here brings its own instance instead.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const SALES = '0b8f7c1e-6a4b-4f7e-9a2d-3c5e1f2a4b6d';
const HOOK = '5d6e7f80-1a2b-4c3d-8e9f-a0b1c2d3e4f5';

const person = (userId: string, name: string, role: TMemberRole): TMember => ({
  userId,
  name,
  email: `${userId}@example.com`,
  username: null,
  role,
  twoFactorEnabled: false,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const inboxes: TInboxList = {
  inboxes: [
    { id: SALES, name: 'Sales', memberIds: ['ann', 'bob'], numbers: ['+15550100100'], newFaxes: 3 },
    { id: '6fa459ea-ee8a-4ca4-894e-db77e160355e', name: 'Billing', memberIds: [], numbers: [], newFaxes: 0 },
  ],
  unsorted: { newFaxes: 2 },
  mayManage: true,
};
const people = [person('owner', 'Olga Owner', 'owner'), person('ann', 'Ann Lee', 'user'), person('bob', 'Bob Roy', 'user')];
const webhooks = [{ id: HOOK, url: 'https://example.com/in', description: '' } as TWebhookEndpoint];
const rules: TRoutingRuleList = {
  rules: [
    {
      id: 'r1',
      position: 0,
      name: 'Night referrals',
      enabled: true,
      conditions: [
        { kind: 'document_class', classes: ['referral'] },
        { kind: 'time', days: [1, 2], from: '18:00', to: '08:00' },
      ],
      actions: { inboxId: SALES, assigneeId: 'ann', labels: ['night'], forwardTo: [], webhookId: HOOK, junk: false },
    },
    {
      id: 'r2',
      position: 1,
      name: 'Spam',
      enabled: false,
      conditions: [{ kind: 'caller', prefixes: ['+1900'] }],
      actions: { inboxId: null, assigneeId: null, labels: [], forwardTo: [], webhookId: null, junk: true },
    },
  ],
};

/** A page as it first renders for `role`, the account's inboxes, people, numbers, endpoints and rules answered. */
async function render(page: ComponentType, role: TMemberRole, language: 'en' | 'fr' = 'en') {
  return renderPage(createElement(page), {
    language,
    texts: {
      en: { routing: enRouting, faxes: enFaxes, messages: MESSAGES.en },
      fr: { routing: frRouting, faxes: frFaxes, messages: MESSAGES.fr },
    },
    answers: [
      [accountSummaryQueryKey, { role } as TAccountSummary],
      [inboxKeys.list(), inboxes],
      [routingKeys.people(), people],
      [routingKeys.numbers(), ['+15550100100', '+15550100200']],
      [routingKeys.webhooks(), webhooks],
      [routingKeys.rules(), rules],
    ],
  });
}

/** A button's tag by its accessible name (aria-label). */
const buttonNamed = (html: string, name: string) => new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`).exec(html)?.[0] ?? '';

describe('/user/routing-rules', () => {
  it('lists the rules in order, each with its summary in words', async () => {
    const html = await render(RoutingRulesRoute, 'owner');
    const text = pageText(html);
    expect(html).toMatch(/<ol aria-labelledby=/);
    expect(text.indexOf('1. Night referrals')).toBeLessThan(text.indexOf('2. Spam'));
    expect(text).toContain(
      'When class is Referral and on Mon and Tue from 18:00 to 08:00: put in Sales, assign to Ann Lee, label night, and post to https://example.com/in',
    );
    expect(text).toContain('When from +1900: mark as junk');
  });

  it('gives each rule a labelled switch showing whether it is on', async () => {
    const html = await render(RoutingRulesRoute, 'admin');
    const switches = [...html.matchAll(/<input[^>]*role="switch"[^>]*>/g)].map((match) => match[0]);
    expect(switches).toHaveLength(2);
    expect(switches[0]).toContain('checked=""');
    expect(switches[1]).not.toContain('checked=""');
    expect(pageText(html)).toContain('Night referrals on');
  });

  it('cannot move the first rule up nor the last one down', async () => {
    const html = await render(RoutingRulesRoute, 'owner');
    expect(buttonNamed(html, 'Move up Night referrals')).toMatch(/disabled=""/);
    expect(buttonNamed(html, 'Move down Night referrals')).not.toMatch(/disabled=""/);
    expect(buttonNamed(html, 'Move up Spam')).not.toMatch(/disabled=""/);
    expect(buttonNamed(html, 'Move down Spam')).toMatch(/disabled=""/);
  });

  it('tells a standard user who manages the rules instead of showing them', async () => {
    const text = pageText(await render(RoutingRulesRoute, 'user'));
    expect(text).toContain(enRouting.notAllowed);
    expect(text).not.toContain('Night referrals');
  });

  it('says it in French', async () => {
    const text = pageText(await render(RoutingRulesRoute, 'owner', 'fr'));
    expect(text).toContain('Règles de routage');
    expect(text).toContain('placer dans Sales');
  });
});

describe('/user/inboxes', () => {
  it('lists each inbox with its members, numbers and new faxes, and says who sees which', async () => {
    const text = pageText(await render(InboxesRoute, 'owner'));
    expect(text).toContain(enRouting.inboxes.whoSees);
    expect(text).toContain('Sales 3 new');
    expect(text).toContain('Members Ann Lee and Bob Roy');
    expect(text).toContain('Numbers +1 555 010 0100');
    expect(text).toContain('Billing 0 new');
    expect(text).toContain('Only the owner and sub-admins');
    expect(text).toContain('2 new faxes are in no inbox.');
    expect(text).toContain('New Inbox');
  });
});
