import type { TAdminNumber } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { displayNumber, hasUnreadableOwner, ownerLabel, quarantinedUntil } from './number-display';

const number = (overrides: Partial<TAdminNumber> = {}): TAdminNumber => ({
  id: 'n1',
  phoneNumber: '+14155550100',
  numberType: 'local',
  provider: 'faxline',
  countryCode: 'US',
  status: 'assigned',
  fromCarrier: false,
  quarantinedUntil: null,
  accountId: '0f8c2a4e-1111-2222-3333-444455556666',
  owner: { userId: 'u1', email: 'ana@example.com', name: 'Ana' },
  assignedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('number display', () => {
  it('shows numbers in international format', () => {
    expect(displayNumber('+14155550100')).toBe('+1 415 555 0100');
    expect(displayNumber('not a number')).toBe('not a number');
  });

  it('names the owner by e-mail, else by an ID fragment (spec 001 §8 "Warning")', () => {
    expect(ownerLabel(number())).toEqual({ kind: 'email', email: 'ana@example.com', name: 'Ana' });
    expect(ownerLabel(number({ owner: null }))).toEqual({ kind: 'fragment', fragment: '0f8c2a4e' });
    expect(ownerLabel(number({ owner: null, accountId: null }))).toEqual({ kind: 'none' });
  });

  it('warns only about assigned numbers without a readable owner', () => {
    expect(hasUnreadableOwner([number()])).toBe(false);
    expect(hasUnreadableOwner([number({ status: 'available', owner: null, accountId: null })])).toBe(false);
    expect(hasUnreadableOwner([number(), number({ owner: null })])).toBe(true);
  });
});

describe('quarantinedUntil', () => {
  it("names the end of a released number's quarantine while it runs, and nothing once it is over or the number is held", () => {
    const now = new Date('2026-12-05T00:00:00.000Z');
    const released = number({ status: 'available', accountId: null, owner: null, quarantinedUntil: '2027-01-04T00:00:00.000Z' });
    expect(quarantinedUntil(released, now)).toBe('2027-01-04T00:00:00.000Z');
    expect(quarantinedUntil(released, new Date('2027-01-04T00:00:00.000Z'))).toBeNull();
    expect(quarantinedUntil(number({ quarantinedUntil: null, status: 'available' }), now)).toBeNull();
    expect(quarantinedUntil(number(), now)).toBeNull();
  });
});
