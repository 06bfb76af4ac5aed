import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime, formatInZone, formatSoon } from './format-date';

describe('formatSoon', () => {
  const now = new Date(2026, 10, 26, 10, 30);
  it('says only the time of a moment later today, in the chosen language', () => {
    const later = new Date(2026, 10, 26, 10, 42).toISOString();
    expect(formatSoon(later, 'en', now)).toBe('10:42 AM');
    expect(formatSoon(later, 'fr', now)).toBe('10:42');
  });

  it('says the date too when the moment is on another day', () => {
    const tomorrow = new Date(2026, 10, 27, 0, 2).toISOString();
    expect(formatSoon(tomorrow, 'es', now)).toBe(formatDateTime(tomorrow, 'es'));
    expect(formatSoon(tomorrow, 'es', now)).toMatch(/27 nov 2026/);
  });
});

describe('in the time zone given', () => {
  const at = '2026-03-14T23:30:00.000Z';
  it("shows a moment on the zone's clock and calendar", () => {
    expect(formatDateTime(at, 'en', 'UTC')).toBe(formatInZone(at, 'en', 'UTC', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatDateTime(at, 'en', 'UTC')).toMatch(/^Mar 14, 2026, 11:30\sPM$/);
    expect(formatDateTime(at, 'en', 'Europe/Paris')).toMatch(/^Mar 15, 2026, 12:30\sAM$/);
    expect(formatDate(at, 'fr', 'Asia/Tokyo', 'long')).toBe('15 mars 2026');
  });

  it("says only the time of a moment later today, today being the zone's", () => {
    const now = new Date('2026-03-14T22:00:00.000Z');
    expect(formatSoon(at, 'fr', now, 'UTC')).toBe('23:30');
    // In Paris it is already the 15th at 00:30 while "now" is still the 14th there.
    expect(formatSoon(at, 'fr', now, 'Europe/Paris')).toMatch(/15 mars 2026/);
  });
});
