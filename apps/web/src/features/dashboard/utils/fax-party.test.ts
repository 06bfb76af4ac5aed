import { describe, expect, it } from 'vitest';

import { formatFaxNumber, otherPartyOf } from './fax-party';

const parties = { toNumber: '+14155550100', fromNumber: '+33142685300', recipientName: null, senderName: null };

describe('otherPartyOf', () => {
  it('is the recipient of a sent fax, by name when given', () => {
    expect(otherPartyOf({ ...parties, direction: 'outbound' })).toBe('+1 415 555 0100');
    expect(otherPartyOf({ ...parties, direction: 'outbound', recipientName: 'Dr. Hopper' })).toBe('Dr. Hopper');
  });

  it('is the sender of a received fax, by name when known, or null', () => {
    expect(otherPartyOf({ ...parties, direction: 'inbound' })).toBe('+33 1 42 68 53 00');
    expect(otherPartyOf({ ...parties, direction: 'inbound', senderName: 'City Clinic' })).toBe('City Clinic');
    expect(otherPartyOf({ ...parties, direction: 'inbound', fromNumber: null })).toBeNull();
  });
});

describe('formatFaxNumber', () => {
  it('keeps what is not an E.164 number as it is', () => {
    expect(formatFaxNumber('anonymous')).toBe('anonymous');
  });
});
