import { describe, expect, it } from 'vitest';

import { formatBucketShort, formatPeriod } from './format';

describe('analytics dates (always UTC)', () => {
  it('labels buckets in UTC whatever the machine time zone', () => {
    expect(formatBucketShort('2026-03-15T23:00:00.000Z', 'hour', 'en')).toBe('23:00');
    expect(formatBucketShort('2026-03-15T00:00:00.000Z', 'day', 'en')).toBe('Mar 15');
    expect(formatBucketShort('2026-03-01T00:00:00.000Z', 'month', 'fr')).toBe('mars 2026');
  });

  it('shows a period from its first bucket to its last one, both included', () => {
    // Intl puts thin spaces around the dash; compare them as plain spaces.
    const period = (...args: Parameters<typeof formatPeriod>) => formatPeriod(...args).replace(/\s/g, ' ');
    expect(period('2026-03-09T00:00:00.000Z', '2026-03-16T00:00:00.000Z', 'day', 'en')).toBe('Mar 9 – 15, 2026');
    expect(period('2024-02-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', 'month', 'en')).toBe('February 2024 – March 2026');
  });
});
