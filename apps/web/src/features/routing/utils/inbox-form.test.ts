import type { TInbox } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { checkInbox, inboxFieldOf, otherInboxOfNumbers } from './inbox-form';

const inbox = (id: string, name: string, numbers: string[]): TInbox => ({ id, name, memberIds: [], numbers, newFaxes: 0 });

describe('checkInbox', () => {
  it('trims the name and keeps the chosen people and numbers', () => {
    expect(checkInbox({ name: ' Referrals ', memberIds: ['u1', 'u2'], numbers: ['+15550100100'] })).toEqual({
      ok: true,
      request: { name: 'Referrals', memberIds: ['u1', 'u2'], numbers: ['+15550100100'] },
    });
  });

  it('asks for a name with the shared message', () => {
    expect(checkInbox({ name: ' ', memberIds: [], numbers: [] })).toEqual({
      ok: false,
      field: 'name',
      key: 'messages:errors.inboxNameRequired',
    });
    expect(checkInbox({ name: 'x'.repeat(61), memberIds: [], numbers: [] })).toMatchObject({ key: 'messages:errors.inboxNameTooLong' });
  });

  it('finds the field of a server issue by its dotted path', () => {
    expect(inboxFieldOf('numbers.0')).toBe('numbers');
    expect(inboxFieldOf('memberIds')).toBe('memberIds');
    expect(inboxFieldOf(undefined)).toBe('name');
  });
});

describe('otherInboxOfNumbers', () => {
  it('says which other inbox each number lands in, leaving out the one being edited', () => {
    const inboxes = [inbox('a', 'Front desk', ['+15550100100']), inbox('b', 'Billing', ['+15550100200'])];
    expect(otherInboxOfNumbers(inboxes, 'a')).toEqual(new Map([['+15550100200', 'Billing']]));
    expect(otherInboxOfNumbers(inboxes, null).get('+15550100100')).toBe('Front desk');
  });
});
