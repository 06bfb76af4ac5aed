import { z } from 'zod';
import { FAX_FAILURE_REASONS, FAX_QUALITIES, OUTBOUND_FAX_STATUSES } from '../constants';
import { multiLineText, singleLineText } from '../text';
import { MAX_COVER_MESSAGE_LENGTH, MAX_COVER_SUBJECT_LENGTH, ZE164 } from './faxes';
import { ZFaxQuote } from './international-rates';

/**
 * A broadcast: one document to many numbers, one fax each (decision 111). The portal and the public API share this
 * limit: a larger list is split by the sender, not by Faxline.
 */
export const MAX_BROADCAST_RECIPIENTS = 1000;

/** At most this many contact tags name a broadcast's recipients. */
export const MAX_BROADCAST_TAGS = 50;

/**
 * The numbers a person pasted or typed for a broadcast: separated by commas, semicolons, new lines or tabs (a column
 * copied from a spreadsheet). Spaces stay inside a number ("+1 555 010 0000").
 */
export function splitNumberList(text: string): string[] {
  return text
    .split(/[,;\n\r\t]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** POST /api/broadcasts: the send form's fields without a recipient, and the recipients as numbers and tags. */
export const ZSendBroadcastRequest = z.object({
  /** E.164 numbers (the pasted list and the CSV, read by the browser); duplicates are sent once. */
  recipients: z.array(ZE164).max(MAX_BROADCAST_RECIPIENTS, { error: 'errors.tooManyRecipients' }).default([]),
  /** Contact tags: every contact of the account with one of them is a recipient. */
  tags: z.array(z.string().trim().min(1).max(50).check(singleLineText)).max(MAX_BROADCAST_TAGS).default([]),
  /** Contact ids: each chosen contact is a recipient. */
  contactIds: z
    .array(z.uuid({ error: 'errors.invalidRequest' }))
    .max(MAX_BROADCAST_RECIPIENTS, { error: 'errors.tooManyRecipients' })
    .default([]),
  faxQuality: z.enum(FAX_QUALITIES),
  coverPageMessage: z
    .string()
    .trim()
    .max(MAX_COVER_MESSAGE_LENGTH, { error: 'errors.coverMessageTooLong' })
    .check(multiLineText)
    .optional(),
  coverSubject: z.string().trim().max(MAX_COVER_SUBJECT_LENGTH, { error: 'errors.coverSubjectTooLong' }).check(singleLineText).optional(),
  scheduledAt: z.iso.datetime({ offset: true }).check(singleLineText).optional(),
  fromNumber: ZE164.optional(),
  /** The total of the price shown before sending (decision 096), for the whole set. */
  quotedTotalCents: z
    .number({ error: 'validation.quotedTotal' })
    .int({ error: 'validation.quotedTotal' })
    .min(0, { error: 'validation.quotedTotal' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.quotedTotal' })
    .optional(),
});
export type TSendBroadcastRequest = z.input<typeof ZSendBroadcastRequest>;

export const ZSendBroadcastResponse = z.object({
  broadcastId: z.string(),
  recipients: z.number().int(),
  status: z.enum(['queued', 'scheduled']),
  message: z.string(),
  quote: ZFaxQuote.nullable(),
});
export type TSendBroadcastResponse = z.infer<typeof ZSendBroadcastResponse>;

/** One recipient of a broadcast: its latest fax (a retry replaces the failed one in this list). */
export const ZBroadcastRecipient = z.object({
  number: z.string(),
  name: z.string().nullable(),
  faxId: z.string(),
  status: z.enum(OUTBOUND_FAX_STATUSES),
  failureReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  /** While it waits between tries: why the last try did not get through, and when the next one is. */
  retryReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  nextTryAt: z.string().nullable(),
  /** How many faxes this recipient was sent in this broadcast (1, and one more per retry). */
  sends: z.number().int(),
  updatedAt: z.string(),
});
export type TBroadcastRecipient = z.infer<typeof ZBroadcastRecipient>;

/** The recipients' statuses, counted. */
export const ZBroadcastCounts = z.object({
  total: z.number().int(),
  waiting: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  canceled: z.number().int(),
});
export type TBroadcastCounts = z.infer<typeof ZBroadcastCounts>;

export const ZBroadcastSummary = z.object({
  id: z.string(),
  createdAt: z.string(),
  scheduledAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  coverSubject: z.string().nullable(),
  fileNames: z.array(z.string()),
  counts: ZBroadcastCounts,
});
export type TBroadcastSummary = z.infer<typeof ZBroadcastSummary>;

export const ZBroadcastDetails = ZBroadcastSummary.extend({
  recipients: z.array(ZBroadcastRecipient),
  /** Every recipient's fax has ended. */
  finished: z.boolean(),
  /** Recipients whose latest fax failed: what "Retry the failed" sends again. */
  retryable: z.number().int(),
  /** Some fax may still be canceled (before it converts, or between tries). */
  cancelable: z.boolean(),
});
export type TBroadcastDetails = z.infer<typeof ZBroadcastDetails>;

export const ZBroadcastList = z.object({ broadcasts: z.array(ZBroadcastSummary) });
export type TBroadcastList = z.infer<typeof ZBroadcastList>;

export const ZBroadcastActionResponse = z.object({ count: z.number().int(), message: z.string() });
export type TBroadcastActionResponse = z.infer<typeof ZBroadcastActionResponse>;
