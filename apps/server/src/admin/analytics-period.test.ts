import { describe, expect, it } from 'vitest';
import { analyticsPeriod } from './analytics-period';

const now = new Date('2026-03-15T10:20:30Z');
const iso = (period: { start: Date; end: Date }) => [period.start.toISOString(), period.end.toISOString()];

describe('analyticsPeriod (whole UTC hours, days or months, the current one included)', () => {
  it('last 24 hours: this hour and the 23 before', () => {
    const period = analyticsPeriod('last24hours', now, null);
    expect(period.bucket).toBe('hour');
    expect(iso(period)).toEqual(['2026-03-14T11:00:00.000Z', '2026-03-15T11:00:00.000Z']);
  });

  it.each([
    ['last7days', '2026-03-09T00:00:00.000Z'],
    ['last30days', '2026-02-14T00:00:00.000Z'],
    ['last90days', '2025-12-16T00:00:00.000Z'],
  ] as const)('%s: today and the days before, ending with today', (range, start) => {
    const period = analyticsPeriod(range, now, null);
    expect(period.bucket).toBe('day');
    expect(iso(period)).toEqual([start, '2026-03-16T00:00:00.000Z']);
  });

  it('all time: by day from the first activity up to a year, by month past it, today alone when there is none', () => {
    expect(iso(analyticsPeriod('alltime', now, new Date('2025-06-01T23:00:00Z')))).toEqual([
      '2025-06-01T00:00:00.000Z',
      '2026-03-16T00:00:00.000Z',
    ]);
    const long = analyticsPeriod('alltime', now, new Date('2024-02-20T08:00:00Z'));
    expect(long.bucket).toBe('month');
    expect(iso(long)).toEqual(['2024-02-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    expect(iso(analyticsPeriod('alltime', now, null))).toEqual(['2026-03-15T00:00:00.000Z', '2026-03-16T00:00:00.000Z']);
  });
});
