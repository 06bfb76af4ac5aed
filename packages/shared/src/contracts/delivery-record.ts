import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { FAX_LINES } from './faxes';

/**
 * The delivery record (decision 122): how Faxline's sent faxes got through, from the faxes' own rows, overall and per
 * line, over three windows. The same figures for everyone on /status and GET /v1/status, and for an account's own
 * faxes on its dashboard.
 */
export const DELIVERY_WINDOWS = ['24h', '7d', '30d'] as const;
export type TDeliveryWindow = (typeof DELIVERY_WINDOWS)[number];
export const DELIVERY_WINDOW_HOURS: Readonly<Record<TDeliveryWindow, number>> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/** Tries per delivered fax that the issue calls attainable: shown beside the measured figure. */
export const ATTEMPTS_PER_DELIVERED_ANCHOR = 1.3;
/** How far back /status lists the back office's incident and maintenance notices. */
export const STATUS_INCIDENT_DAYS = 30;

/** The middle and the 95th percentile of a duration, in milliseconds (PostgreSQL's percentile_cont, rounded). */
export const ZDurationPercentiles = z.object({ p50Ms: z.number().int(), p95Ms: z.number().int() });
export type TDurationPercentiles = z.infer<typeof ZDurationPercentiles>;

/**
 * One window's figures for one line or all of them. `faxes`: the sent faxes that ended in the window after at least one
 * call (delivered, partly delivered, failed or canceled between tries); `deliveredFirstTry` of them were delivered by
 * their first call; `delivered` were delivered at all, after `deliveredAttempts` calls in total. A share or a ratio
 * over nothing is null, never 0.
 */
export const ZDeliveryFigures = z.object({
  faxes: z.number().int(),
  deliveredFirstTry: z.number().int(),
  firstTryShare: z.number().nullable(),
  delivered: z.number().int(),
  deliveredAttempts: z.number().int(),
  attemptsPerDelivered: z.number().nullable(),
  /** From acceptance (or the time a scheduled fax was due) to its first call. */
  acceptedToDialling: ZDurationPercentiles.nullable(),
  /** From acceptance (or the time a scheduled fax was due) to its delivery, of the delivered faxes. */
  acceptedToDelivered: ZDurationPercentiles.nullable(),
});
export type TDeliveryFigures = z.infer<typeof ZDeliveryFigures>;

export const ZDeliveryWindowFigures = z.object({
  window: z.enum(DELIVERY_WINDOWS),
  overall: ZDeliveryFigures,
  /** The lines that carried faxes in the window, in the order of FAX_LINES. */
  lines: z.array(ZDeliveryFigures.extend({ line: z.enum(FAX_LINES) })),
});
export type TDeliveryWindowFigures = z.infer<typeof ZDeliveryWindowFigures>;

export const ZDeliveryRecord = z.object({
  /** The instant the figures were computed (they may be kept for a few seconds). */
  computedAt: z.iso.datetime(),
  attemptsAnchor: z.number(),
  windows: z.array(ZDeliveryWindowFigures),
});
export type TDeliveryRecord = z.infer<typeof ZDeliveryRecord>;

export const STATUS_INCIDENT_KINDS = ['incident', 'maintenance'] as const;
export const STATUS_INCIDENT_STATES = ['ongoing', 'ended'] as const;

/** A notice of the back office shown on /status: ongoing until its end time, ended after. */
export const ZStatusIncident = z.object({
  id: z.uuid(),
  kind: z.enum(STATUS_INCIDENT_KINDS),
  title: z.string(),
  body: z.string(),
  language: z.enum(LANGUAGES),
  startedAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  state: z.enum(STATUS_INCIDENT_STATES),
});
export type TStatusIncident = z.infer<typeof ZStatusIncident>;

/** GET /api/status: the public page's figures and the last 30 days' notices, newest first. */
export const ZPublicStatus = ZDeliveryRecord.extend({ incidents: z.array(ZStatusIncident) });
export type TPublicStatus = z.infer<typeof ZPublicStatus>;

/** GET /api/delivery-record: the same figures for the faxes the member may see that they or their account sent. */
export const ZAccountDeliveryRecord = ZDeliveryRecord.extend({
  /** Whose faxes: the whole account's (owner, sub-admin), or the member's own (a User). */
  scope: z.enum(['account', 'own']),
});
export type TAccountDeliveryRecord = z.infer<typeof ZAccountDeliveryRecord>;
