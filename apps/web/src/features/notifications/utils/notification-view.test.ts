import { describe, expect, it } from 'vitest';

import { badgeText, partyOf, readableNumber, relativeTimeOf } from './notification-view';

describe('partyOf', () => {
  it('writes a fax number in international format, with the name when there is one', () => {
    expect(partyOf('+14155550100', null)).toBe('+1 415 555 0100');
    expect(partyOf('+14155550100', 'Dr. Grace Hopper')).toBe('Dr. Grace Hopper (+1 415 555 0100)');
    expect(partyOf(null, 'Front desk')).toBe('Front desk');
  });

  it('does not repeat a name that is the number itself, and is null when the party is unknown', () => {
    expect(partyOf('+14155550100', '+14155550100')).toBe('+1 415 555 0100');
    expect(partyOf(null, '  ')).toBeNull();
    expect(readableNumber('  ')).toBeNull();
    expect(readableNumber('anonymous')).toBe('anonymous');
  });
});

describe('badgeText', () => {
  it('shows the count up to nine, then 9+', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('relativeTimeOf', () => {
  const now = new Date('2026-03-14T12:00:00Z');

  it('says how long ago, in the language asked for', () => {
    expect(relativeTimeOf('2026-03-14T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTimeOf('2026-03-14T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTimeOf('2026-03-13T11:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTimeOf('2026-03-14T09:00:00Z', now, 'es')).toBe('hace 3 horas');
    expect(relativeTimeOf('2026-03-14T11:55:00Z', now, 'fr')).toBe('il y a 5 minutes');
  });

  it('says now for less than a minute, also for a clock slightly ahead', () => {
    expect(relativeTimeOf('2026-03-14T11:59:30Z', now, 'en')).toBe('now');
    expect(relativeTimeOf('2026-03-14T12:00:10Z', now, 'en')).toBe('now');
  });
});
