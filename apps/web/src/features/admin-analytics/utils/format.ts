import type { TAnalyticsBucket } from '@faxline/shared';

// Every date on the analytics page is shown in UTC, the time zone the server counts in (said on the page).
const UTC = 'UTC';

const SHORT: Record<TAnalyticsBucket, Intl.DateTimeFormatOptions> = {
  hour: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { month: 'short', day: 'numeric' },
  month: { month: 'short', year: 'numeric' },
};

const LONG: Record<TAnalyticsBucket, Intl.DateTimeFormatOptions> = {
  hour: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
};

/** A bucket's start for an axis tick ("14:00", "May 3", "May 2025"). */
export function formatBucketShort(iso: string, bucket: TAnalyticsBucket, language: string): string {
  return new Intl.DateTimeFormat(language, { ...SHORT[bucket], timeZone: UTC }).format(new Date(iso));
}

/** A bucket's start in full, for tooltips and the data tables ("Sat, May 3, 2025"). */
export function formatBucketLong(iso: string, bucket: TAnalyticsBucket, language: string): string {
  return new Intl.DateTimeFormat(language, { ...LONG[bucket], timeZone: UTC }).format(new Date(iso));
}

const BUCKET_MS: Record<Exclude<TAnalyticsBucket, 'month'>, number> = { hour: 60 * 60 * 1000, day: 24 * 60 * 60 * 1000 };

/**
 * The period from the first bucket to the last one, both included ("May 1 – 30, 2025"). `to` is the end of the last
 * bucket, exclusive, so the last bucket's start is shown.
 */
export function formatPeriod(from: string, to: string, bucket: TAnalyticsBucket, language: string): string {
  const end = new Date(to);
  const lastStart =
    bucket === 'month' ? new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1)) : new Date(end.getTime() - BUCKET_MS[bucket]);
  const options: Intl.DateTimeFormatOptions = bucket === 'hour' ? LONG.hour : bucket === 'day' ? { dateStyle: 'medium' } : LONG.month;
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone: UTC });
  const start = new Date(from);
  // An hour range ends at the end of the current hour, which reads better than the start of the last one.
  return format.formatRange(start, bucket === 'hour' ? end : lastStart);
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

export function formatRate(rate: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}
