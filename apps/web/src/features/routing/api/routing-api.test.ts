import type { TDryRunRequest, TDryRunResult, TRoutingRule } from '@faxline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { checkInbox } from '../utils/inbox-form';
import { checkRule, newCondition, newRuleDraft } from '../utils/rule-form';

import { createInbox } from './create-inbox';
import { createRoutingRule } from './create-routing-rule';
import { deleteInbox } from './delete-inbox';
import { dryRunRoutingRule } from './dry-run-routing-rule';
import { reorderRoutingRules } from './reorder-routing-rules';
import { updateRoutingRule } from './update-routing-rule';

// The app's i18n reads the browser's language and storage at start; the API client needs only these two here.
vi.mock('@/lib/i18n', () => ({ i18n: { language: 'en', t: (key: string) => key } }));

const IDS = ['7c9e6679-7425-40de-944b-e07fc1f90ae7', '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b', '6fa459ea-ee8a-4ca4-894e-db77e160355e'];
const INBOX = '0b8f7c1e-6a4b-4f7e-9a2d-3c5e1f2a4b6d';

/** The browser's fetch answering `status` with `body`, watched. */
function browser(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The one request made: its path, method and JSON body. */
function sent(fetch: ReturnType<typeof browser>) {
  expect(fetch).toHaveBeenCalledOnce();
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return { path, method: init.method, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const inboxList = {
  inboxes: [{ id: INBOX, name: 'Referrals', memberIds: ['u1'], numbers: ['+15550100100'], newFaxes: 0 }],
  unsorted: { newFaxes: 2 },
  mayManage: true,
};

const rule: TRoutingRule = {
  id: IDS[0]!,
  position: 0,
  name: 'Referrals by night',
  enabled: true,
  conditions: [{ kind: 'document_class', classes: ['referral'] }],
  actions: { inboxId: INBOX, assigneeId: null, labels: ['night'], forwardTo: [], webhookId: null, junk: false },
};

describe('inboxes', () => {
  it('creates an inbox with the form’s name, people and numbers, and answers the whole list', async () => {
    const fetch = browser(200, inboxList);
    const checked = checkInbox({ name: ' Referrals ', memberIds: ['u1'], numbers: ['+15550100100'] });
    if (!checked.ok) throw new Error('the inbox should pass its checks');
    expect(await createInbox(checked.request)).toEqual(inboxList);
    expect(sent(fetch)).toEqual({
      path: '/api/inboxes',
      method: 'POST',
      body: { name: 'Referrals', memberIds: ['u1'], numbers: ['+15550100100'] },
    });
  });

  it('fails with the server’s own words when the inbox still holds faxes (409)', async () => {
    const message = "Move this inbox's faxes to another inbox before deleting it.";
    browser(409, { error: { type: 'conflict', code: 'errors.inboxNotEmpty', message } });
    const refused = deleteInbox(INBOX);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toThrow(message);
  });
});

describe('routing rules', () => {
  it('creates the rule the editor built', async () => {
    const fetch = browser(200, rule);
    const checked = checkRule({
      ...newRuleDraft(),
      name: 'Referrals by night',
      conditions: [{ ...newCondition('document_class'), classes: ['referral'] }],
      actions: { ...newRuleDraft().actions, inboxId: INBOX, labels: 'night' },
    });
    if (!checked.ok) throw new Error('the rule should pass its checks');
    await createRoutingRule(checked.request);
    expect(sent(fetch)).toEqual({
      path: '/api/routing-rules',
      method: 'POST',
      body: { name: 'Referrals by night', enabled: true, conditions: rule.conditions, actions: rule.actions },
    });
  });

  it('turns a rule off by sending it whole with PUT', async () => {
    const fetch = browser(200, { ...rule, enabled: false });
    const { name, conditions, actions } = rule;
    await updateRoutingRule({ id: IDS[0]!, input: { name, enabled: false, conditions, actions } });
    expect(sent(fetch)).toMatchObject({ path: `/api/routing-rules/${IDS[0]}`, method: 'PUT', body: { enabled: false, name } });
  });

  it('sends every rule’s id in the new order', async () => {
    const fetch = browser(200, { rules: [] });
    await reorderRoutingRules([IDS[1]!, IDS[0]!, IDS[2]!]);
    expect(sent(fetch)).toEqual({ path: '/api/routing-rules/order', method: 'PUT', body: { ids: [IDS[1], IDS[0], IDS[2]] } });
  });

  it('tries the rule as written, with the id of the saved rule it edits, and reads the verdicts', async () => {
    const result: TDryRunResult = {
      examined: 2,
      placed: 1,
      faxes: [
        {
          id: 'fax-1',
          createdAt: '2026-12-01T22:15:00.000Z',
          fromNumber: '+15550109999',
          toNumber: '+15550100100',
          pages: 3,
          matched: true,
          verdicts: [{ condition: rule.conditions[0]!, observed: 'referral', met: true }],
          takenBy: null,
        },
      ],
    };
    const fetch = browser(200, result);
    const request: TDryRunRequest = {
      rule: { name: rule.name, enabled: true, conditions: rule.conditions, actions: rule.actions },
      ruleId: IDS[0]!,
    };
    expect(await dryRunRoutingRule(request)).toEqual(result);
    expect(sent(fetch)).toEqual({ path: '/api/routing-rules/dry-run', method: 'POST', body: request });
  });
});
