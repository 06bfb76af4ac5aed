import { z } from 'zod';
import { FAX_FAILURE_REASONS } from '../constants';

/**
 * GET /api/admin/analytics?range= (spec 001 §2.11 "/admin/analytics", §4 and §9 "Analytics ranges"): the figures of a
 * period from the faxes and people in the database. Periods are whole UTC hours (last 24 hours) or whole UTC days
 * (the others), the current one included, so the series add up to the totals.
 */
export const ANALYTICS_RANGES = ['last24hours', 'last7days', 'last30days', 'last90days', 'alltime'] as const;
export type TAnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: TAnalyticsRange = 'last30days';

export const ZAdminAnalyticsQuery = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: 'validation.analyticsRange' }).default(DEFAULT_ANALYTICS_RANGE),
});
export type TAdminAnalyticsQuery = z.input<typeof ZAdminAnalyticsQuery>;

/** An hour for the last 24 hours, a day for the ranges in days, a month for an all-time span of more than a year. */
export const ANALYTICS_BUCKETS = ['hour', 'day', 'month'] as const;
export type TAnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

export const ZAnalyticsTotals = z.object({
  /** Faxes sent (accepted for sending) in the period, whatever became of them. */
  faxesSent: z.number().int(),
  faxesReceived: z.number().int(),
  /** Sent faxes delivered, every page confirmed (decision 119: a partial delivery is not one). */
  delivered: z.number().int(),
  /** Sent faxes that ended partly delivered: some pages confirmed, the others not after every try. */
  partial: z.number().int(),
  /** Sent faxes whose last call ended after the last page without the remote's confirmation: never counted delivered. */
  uncertain: z.number().int(),
  /** Sent faxes that failed, the uncertain ones not included. */
  failed: z.number().int(),
  /** delivered / (delivered + partial + uncertain + failed), from 0 to 1; null while no sent fax has finished. */
  deliveredRate: z.number().min(0).max(1).nullable(),
  /** Pages as the plans meter them: of sent faxes that did not fail or get canceled. */
  pagesSent: z.number().int(),
  pagesReceived: z.number().int(),
  /** Accounts that sent or received at least one fax in the period. */
  activeAccounts: z.number().int(),
  /** People who joined in the period. */
  newPeople: z.number().int(),
});
export type TAnalyticsTotals = z.infer<typeof ZAnalyticsTotals>;

/** One hour, day or month; a fax counts in the one it was sent or received in, with its status now. */
export const ZAnalyticsPoint = z.object({
  /** Start of the bucket (UTC). */
  start: z.iso.datetime({ offset: true }),
  delivered: z.number().int(),
  partial: z.number().int(),
  uncertain: z.number().int(),
  failed: z.number().int(),
  /** In flight (IN_FLIGHT_FAX_STATUSES). */
  inProgress: z.number().int(),
  canceled: z.number().int(),
  pagesSent: z.number().int(),
  pagesReceived: z.number().int(),
});
export type TAnalyticsPoint = z.infer<typeof ZAnalyticsPoint>;

/** `unknown` gathers failed faxes whose reason was not recorded. */
export const ANALYTICS_FAILURE_REASONS = [...FAX_FAILURE_REASONS, 'unknown'] as const;

export const ZAnalyticsFailureReason = z.object({
  reason: z.enum(ANALYTICS_FAILURE_REASONS),
  /** The reason in words, in the language of the request. */
  label: z.string(),
  count: z.number().int(),
});
export type TAnalyticsFailureReason = z.infer<typeof ZAnalyticsFailureReason>;

export const ZAdminAnalytics = z.object({
  range: z.enum(ANALYTICS_RANGES),
  timeZone: z.literal('UTC'),
  bucket: z.enum(ANALYTICS_BUCKETS),
  /** Start of the first bucket (for all time: of the first fax or person, today without any) and end of the last one. */
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  totals: ZAnalyticsTotals,
  /** Every bucket of the period, in order, those without faxes included (with zeros). */
  series: z.array(ZAnalyticsPoint),
  /** Sent faxes that failed or ended partly delivered, per reason (uncertain and partial among them), most frequent first. */
  failureReasons: z.array(ZAnalyticsFailureReason),
});
export type TAdminAnalytics = z.infer<typeof ZAdminAnalytics>;
