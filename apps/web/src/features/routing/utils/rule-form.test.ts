import type { TRoutingRule } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { checkRule, draftOfRule, listOf, newCondition, newRuleDraft, spansMidnight, toggleDay, type TRuleDraft } from './rule-form';

const INBOX = '0b8f7c1e-6a4b-4f7e-9a2d-3c5e1f2a4b6d';
const WEBHOOK = '5d6e7f80-1a2b-4c3d-8e9f-a0b1c2d3e4f5';

/** A rule as the editor holds it once filled in: `conditions` and `actions` change what the test needs. */
function draft(change: Partial<TRuleDraft> = {}): TRuleDraft {
  const base = newRuleDraft();
  return { ...base, name: '  Night referrals ', ...change, actions: { ...base.actions, ...change.actions } };
}

describe('checkRule: the editor’s fields as the contract’s ZRoutingRuleInput', () => {
  it('builds each kind of condition from its own fields only, whatever the others hold', () => {
    const called = { ...newCondition('called_number'), numbers: ['+15550100100', '+15550100200'], query: 'left over' };
    const caller = { ...newCondition('caller'), prefixes: ' +1 555, +44 (20) 7123-4567 ,, ' };
    const time = { ...newCondition('time'), days: [5, 0, 6], from: '22:00', to: '06:30' };
    const pages = { ...newCondition('pages'), min: '3', max: '' };
    const classes = { ...newCondition('document_class'), classes: ['referral' as const, 'lab_result' as const] };
    const station = { ...newCondition('station_id'), contains: ' CLINIC ' };
    const words = { ...newCondition('words'), query: 'prior authorization' };
    const checked = checkRule(
      draft({ conditions: [called, caller, time, pages, classes, station, words], actions: { ...newRuleDraft().actions, junk: true } }),
    );
    expect(checked).toMatchObject({ ok: true });
    if (!checked.ok) return;
    expect(checked.request.name).toBe('Night referrals');
    expect(checked.request.conditions).toEqual([
      { kind: 'called_number', numbers: ['+15550100100', '+15550100200'] },
      // Spaces, dashes and brackets go, as the contract's transform says: what the server will store.
      { kind: 'caller', prefixes: ['+1555', '+442071234567'] },
      // Weekdays Sunday first, from after to (spanning midnight) kept as written.
      { kind: 'time', days: [0, 5, 6], from: '22:00', to: '06:30' },
      { kind: 'pages', min: 3, max: null },
      { kind: 'document_class', classes: ['referral', 'lab_result'] },
      { kind: 'station_id', contains: 'CLINIC' },
      { kind: 'words', query: 'prior authorization' },
    ]);
  });

  it('builds the actions: an empty select is none, labels and addresses are split and trimmed', () => {
    const checked = checkRule(
      draft({
        enabled: false,
        conditions: [{ ...newCondition('station_id'), contains: 'LAB' }],
        actions: {
          inboxId: INBOX,
          assigneeId: 'user-7',
          labels: ' urgent, lab ,, ',
          forwardTo: 'lab@example.com; front-desk@example.com ,',
          webhookId: WEBHOOK,
          junk: false,
        },
      }),
    );
    expect(checked).toEqual({
      ok: true,
      request: {
        name: 'Night referrals',
        enabled: false,
        conditions: [{ kind: 'station_id', contains: 'LAB' }],
        actions: {
          inboxId: INBOX,
          assigneeId: 'user-7',
          labels: ['urgent', 'lab'],
          forwardTo: ['lab@example.com', 'front-desk@example.com'],
          webhookId: WEBHOOK,
          junk: false,
        },
      },
    });
  });

  it('sends no inbox, assignee or webhook when their selects say none', () => {
    const checked = checkRule(
      draft({ conditions: [{ ...newCondition('words'), query: 'invoice' }], actions: { ...newRuleDraft().actions, labels: 'billing' } }),
    );
    expect(checked).toMatchObject({
      ok: true,
      request: { actions: { inboxId: null, assigneeId: null, webhookId: null, labels: ['billing'], forwardTo: [] } },
    });
  });

  it('asks for an action with the shared message, pointing at the actions', () => {
    expect(checkRule(draft({ conditions: [{ ...newCondition('words'), query: 'invoice' }] }))).toEqual({
      ok: false,
      path: ['actions'],
      key: 'messages:errors.ruleNeedsAction',
    });
  });

  it('names the condition at fault, with the shared message when the contract has one and the feature’s otherwise', () => {
    const junk = { ...newRuleDraft().actions, junk: true };
    expect(checkRule(draft({ conditions: [], actions: junk }))).toMatchObject({ ok: false, key: 'messages:errors.ruleNeedsCondition' });
    const noNumber = checkRule(draft({ conditions: [newCondition('called_number')], actions: junk }));
    expect(noNumber).toMatchObject({ ok: false, path: ['conditions', 0, 'numbers'], key: 'routing:problems.called_number' });
    const badTime = checkRule(draft({ conditions: [{ ...newCondition('time'), to: '' }], actions: junk }));
    expect(badTime).toMatchObject({ ok: false, path: ['conditions', 0, 'to'], key: 'messages:errors.invalidTime' });
    const badPages = checkRule(draft({ conditions: [{ ...newCondition('pages'), min: '9', max: '2' }], actions: junk }));
    expect(badPages).toMatchObject({ ok: false, path: ['conditions', 0], key: 'messages:errors.pagesRangeOrder' });
    const noPages = checkRule(draft({ conditions: [newCondition('pages')], actions: junk }));
    expect(noPages).toMatchObject({ ok: false, key: 'messages:errors.pagesRangeRequired' });
    const caller = checkRule(draft({ conditions: [{ ...newCondition('caller'), prefixes: '555' }], actions: junk }));
    expect(caller).toMatchObject({ ok: false, path: ['conditions', 0, 'prefixes', 0], key: 'messages:errors.invalidBlockedPrefix' });
  });

  it('refuses a bad address to forward to and an empty name with the shared messages', () => {
    const words = [{ ...newCondition('words'), query: 'x' }];
    const forward = checkRule(draft({ conditions: words, actions: { ...newRuleDraft().actions, forwardTo: 'not-an-address' } }));
    expect(forward).toMatchObject({ ok: false, path: ['actions', 'forwardTo', 0], key: 'messages:validation.email' });
    expect(checkRule(draft({ name: '  ', conditions: words, actions: { ...newRuleDraft().actions, junk: true } }))).toMatchObject({
      ok: false,
      path: ['name'],
      key: 'messages:errors.inboxNameRequired',
    });
  });
});

describe('draftOfRule', () => {
  it('gives a saved rule back to the editor so that checking it again sends the same rule', () => {
    const rule: TRoutingRule = {
      id: 'rule-1',
      position: 0,
      name: 'After hours',
      enabled: true,
      conditions: [
        { kind: 'time', days: [1, 2], from: '18:00', to: '08:00' },
        { kind: 'caller', prefixes: ['+1555', '+1666'] },
        { kind: 'pages', min: null, max: 20 },
      ],
      actions: { inboxId: INBOX, assigneeId: null, labels: ['night'], forwardTo: ['a@example.com'], webhookId: null, junk: false },
    };
    const checked = checkRule(draftOfRule(rule));
    expect(checked).toEqual({
      ok: true,
      request: { name: rule.name, enabled: rule.enabled, conditions: rule.conditions, actions: rule.actions },
    });
  });
});

describe('helpers', () => {
  it('splits typed lists and keeps weekdays Sunday first', () => {
    expect(listOf(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(toggleDay([5, 1], 0, true)).toEqual([0, 1, 5]);
    expect(toggleDay([0, 1, 5], 1, false)).toEqual([0, 5]);
  });

  it('says when the hours span midnight', () => {
    expect(spansMidnight('22:00', '06:00')).toBe(true);
    expect(spansMidnight('08:00', '18:00')).toBe(false);
    expect(spansMidnight('', '06:00')).toBe(false);
  });
});
