import { z } from 'zod';
import { singleLineText } from '../text';
import { E164_PATTERN } from '../phone';

/**
 * Retention, legal hold and zero-footprint mode (decision 108): GET/PUT /api/retention/policy,
 * PUT /api/retention/inboxes/:id, GET/POST /api/retention/holds, POST /api/retention/holds/:id/lift,
 * GET /api/retention/faxes/:id. Managed by the owner and sub-admins (`manageRetention`).
 */

/** The periods offered as choices (a week, a month, a quarter, a year, seven years: the common record-keeping spans). */
export const RETENTION_DAY_CHOICES = [7, 30, 90, 365, 2555] as const;
/** Any whole number of days within these is accepted too (one day is the shortest a daily run can honour; ten years). */
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;
/** When the daily deletion runs (UTC): hour and minute, the one home of its schedule (the job's cron and the settings' "next"). */
export const RETENTION_RUN_UTC = { hour: 3, minute: 23 } as const;
export const MAX_HOLD_REASON_LENGTH = 500;

/** A number of days to keep faxes, or null: forever. */
export const ZRetentionDays = z
  .number({ error: 'errors.retentionDays' })
  .int({ error: 'errors.retentionDays' })
  .min(MIN_RETENTION_DAYS, { error: 'errors.retentionDays' })
  .max(MAX_RETENTION_DAYS, { error: 'errors.retentionDays' })
  .nullable();

/** The account's policy as saved: days (null: forever), zero-footprint mode. */
export const ZRetentionPolicyChange = z.object({ days: ZRetentionDays, zeroFootprint: z.boolean() });
export type TRetentionPolicyChange = z.infer<typeof ZRetentionPolicyChange>;

/** A shared inbox's own period, or `inherit` (the account's). */
export const ZInboxRetentionChange = z.object({ days: z.union([ZRetentionDays, z.literal('inherit')]) });
export type TInboxRetentionChange = z.infer<typeof ZInboxRetentionChange>;

const ZInstant = z.iso.datetime({ offset: true });

export const ZRetentionSettings = z.object({
  /** The account's period in days; null: faxes are kept forever. */
  days: z.number().int().nullable(),
  zeroFootprint: z.boolean(),
  /** When a policy was last saved (null: never chosen; a HIPAA plan asks its owner to choose, decision 108). */
  chosenAt: ZInstant.nullable(),
  /** The account is on a HIPAA plan and no policy was chosen yet: the owner is asked to choose one. */
  mustChoose: z.boolean(),
  /** Each shared inbox: its own period, or `inherit`. */
  inboxes: z.array(z.object({ id: z.string(), name: z.string(), days: z.union([z.number().int(), z.null(), z.literal('inherit')]) })),
  /** The next daily run, and how many faxes' content it would delete if nothing changes meanwhile. */
  nextRun: z.object({ at: ZInstant, faxes: z.number().int() }),
  /** Active legal holds on the whole account (none or one). */
  accountHeld: z.boolean(),
});
export type TRetentionSettings = z.infer<typeof ZRetentionSettings>;

export const LEGAL_HOLD_SCOPES = ['fax', 'number', 'account'] as const;
export type TLegalHoldScope = (typeof LEGAL_HOLD_SCOPES)[number];

const ZHoldReason = z
  .string({ error: 'errors.holdReasonRequired' })
  .trim()
  .min(1, { error: 'errors.holdReasonRequired' })
  .max(MAX_HOLD_REASON_LENGTH, { error: 'errors.holdReasonTooLong' })
  .check(singleLineText);

export const ZSetLegalHold = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('fax'), faxId: z.uuid({ error: 'errors.faxNotFound' }), reason: ZHoldReason }),
  z.object({
    scope: z.literal('number'),
    number: z.string().trim().check(singleLineText).regex(E164_PATTERN, { error: 'errors.invalidRecipient' }),
    reason: ZHoldReason,
  }),
  z.object({ scope: z.literal('account'), reason: ZHoldReason }),
]);
export type TSetLegalHold = z.infer<typeof ZSetLegalHold>;

export const ZLiftLegalHold = z.object({ reason: ZHoldReason });
export type TLiftLegalHold = z.infer<typeof ZLiftLegalHold>;

export const ZLegalHold = z.object({
  id: z.string(),
  scope: z.enum(LEGAL_HOLD_SCOPES),
  faxId: z.string().nullable(),
  number: z.string().nullable(),
  reason: z.string(),
  setBy: z.string().nullable(),
  setAt: ZInstant,
});
export type TLegalHold = z.infer<typeof ZLegalHold>;

export const ZLegalHolds = z.object({ holds: z.array(ZLegalHold) });
export type TLegalHolds = z.infer<typeof ZLegalHolds>;

/** A fax's retention as its details show it: the holds that keep it (its own, its numbers', the account's). */
export const ZFaxRetention = z.object({ holds: z.array(ZLegalHold), mayManage: z.boolean() });
export type TFaxRetention = z.infer<typeof ZFaxRetention>;
