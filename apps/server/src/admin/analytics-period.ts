import type { TAnalyticsBucket, TAnalyticsRange } from '@faxline/shared';

/** The buckets of an analytics range: [start, end) in UTC, cut into hours, days or months. */
export type AnalyticsPeriod = { bucket: TAnalyticsBucket; start: Date; end: Date };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const DAYS_OF_RANGE = { last7days: 7, last30days: 30, last90days: 90 } as const;
/** Past a year, all time is shown by month: a bar per day would be too thin to see or to read out. */
const MAX_DAILY_SPAN_DAYS = 366;

const startOfHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const startOfDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const startOfMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const nextMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/**
 * Whole UTC hours or days, the current one included, so that every fax of a bucket is in the totals and the series
 * add up to them: the last 24 hours are this hour and the 23 before, the last 7 days today and the 6 before. All time
 * starts with the first fax or person (`firstActivity`), or today when there is none yet.
 */
export function analyticsPeriod(range: TAnalyticsRange, now: Date, firstActivity: Date | null): AnalyticsPeriod {
  if (range === 'last24hours') {
    const end = new Date(startOfHour(now).getTime() + HOUR_MS);
    return { bucket: 'hour', start: new Date(end.getTime() - 24 * HOUR_MS), end };
  }
  const end = new Date(startOfDay(now).getTime() + DAY_MS);
  if (range !== 'alltime') return { bucket: 'day', start: new Date(end.getTime() - DAYS_OF_RANGE[range] * DAY_MS), end };

  const first = startOfDay(firstActivity && firstActivity < now ? firstActivity : now);
  if ((end.getTime() - first.getTime()) / DAY_MS <= MAX_DAILY_SPAN_DAYS) return { bucket: 'day', start: first, end };
  return { bucket: 'month', start: startOfMonth(first), end: nextMonth(now) };
}
