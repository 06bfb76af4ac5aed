import { describe, expect, it } from 'vitest';

import { formatDateTime, formatSoon } from './format-date';

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
