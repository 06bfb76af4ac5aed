import { z } from 'zod';
import { DOCUMENT_CLASSES, FAX_FAILURE_REASONS, FAX_QUALITIES, LANGUAGES, UNCERTAIN_CHOICES } from '../constants';
import {
  FAX_CHANNELS,
  FAX_DIRECTIONS,
  FAX_STATUSES,
  FIELD_NAMES,
  MAX_COVER_MESSAGE_LENGTH,
  MAX_COVER_SUBJECT_LENGTH,
  MAX_RECIPIENT_NAME_LENGTH,
  ZE164,
  ZPageProblem,
} from '../contracts/faxes';
import { FILE_URL_MAX_LENGTH, MAX_ATTACHMENTS } from '../constants';
import { MAX_BROADCAST_RECIPIENTS } from '../contracts/broadcasts';
import { multiLineText, singleLineText } from '../text';
import { ZExpectedStationId, ZStationCheck } from '../contracts/station-ids';
import { MAX_STATION_ID_LENGTH } from '../contracts/fax-identity';

/**
 * The public API's faxes: POST /v1/faxes (JSON or multipart), GET /v1/faxes, GET /v1/faxes/{fax_id},
 * POST /v1/faxes/{fax_id}/cancel, DELETE /v1/faxes/{fax_id}, GET /v1/faxes/{fax_id}/file. snake_case, as the spec's
 * samples (recipient, file_url, send_time, cover_page {enabled, subject, notes}; fax_id, status, message).
 */
/** The portal's limit (contracts/broadcasts.ts): the API's broadcast takes as many numbers. */
export { MAX_BROADCAST_RECIPIENTS };

const ZV1Number = ZE164.meta({ description: 'A fax number in E.164 format.', example: '+15550100000' });

export const ZV1SendFaxRequest = z
  .object({
    recipient: ZV1Number.optional().meta({ description: 'The number to fax. Give this or `recipients`.' }),
    recipients: z
      .array(ZV1Number)
      .min(1, { error: 'errors.recipientRequired' })
      .max(MAX_BROADCAST_RECIPIENTS, { error: 'errors.tooManyRecipients' })
      .optional()
      .meta({ description: `A broadcast: one fax per number, at most ${MAX_BROADCAST_RECIPIENTS}. Give this or \`recipient\`.` }),
    recipient_name: z
      .string()
      .trim()
      .max(MAX_RECIPIENT_NAME_LENGTH, { error: 'errors.recipientNameTooLong' })
      .check(singleLineText)
      .optional()
      .meta({ description: 'Printed on the cover page.' }),
    expected_station_id: ZExpectedStationId.meta({
      maxLength: MAX_STATION_ID_LENGTH,
      description:
        'Wrong-number protection: the station id (CSI) the recipient\'s fax machine should announce (digits, "+" and spaces; spaces and case are ignored when compared). On a line that hears it before page 1, a machine announcing another hangs up with nothing sent (`wrong_station`, not retried); on a line that learns it after the call, a difference is reported in `station_check`. For a broadcast it applies to every number.',
      example: '+1 555 010 0000',
    }),
    // Checked by the server's own rules (https, length, no private address; again after DNS when fetched), whose
    // messages say which one failed.
    file_url: z
      .string()
      .max(8 * FILE_URL_MAX_LENGTH)
      .check(singleLineText)
      .optional()
      .meta({
        format: 'uri',
        maxLength: FILE_URL_MAX_LENGTH,
        description:
          'An https:// address of the document (PDF, DOC, DOCX, TXT, JPG, PNG; 10 MB at most), fetched by Faxline before converting. Private, loopback and link-local addresses are refused, on every redirect.',
        example: 'https://example.com/referral.pdf',
      }),
    files: z
      .array(
        z.object({
          name: z.string().min(1).max(255).check(singleLineText).meta({ example: 'referral.pdf' }),
          content: z.string().meta({ description: 'The file, base64-encoded.', contentEncoding: 'base64' }),
        }),
      )
      .max(MAX_ATTACHMENTS, { error: 'errors.tooManyFiles' })
      .optional()
      .meta({ description: `Up to ${MAX_ATTACHMENTS} files, sent in this order after the cover page.` }),
    send_time: z.iso.datetime({ offset: true, error: 'errors.invalidSendTime' }).check(singleLineText).optional().meta({
      description: 'When to send (ISO 8601 with offset), at most 30 days ahead. Absent: now.',
      example: '2026-12-01T09:00:00-05:00',
    }),
    cover_page: z
      .object({
        enabled: z.boolean().default(true),
        subject: z.string().trim().max(MAX_COVER_SUBJECT_LENGTH, { error: 'errors.coverSubjectTooLong' }).check(singleLineText).optional(),
        notes: z.string().trim().max(MAX_COVER_MESSAGE_LENGTH, { error: 'errors.coverMessageTooLong' }).check(multiLineText).optional(),
      })
      .optional()
      .meta({ description: 'A cover page is printed when it is enabled and has a subject or notes, or when there is no document.' }),
    quality: z.enum(FAX_QUALITIES).default('fine').meta({ description: 'standard 200x100, fine 200x200, superfine 200x400 dpi.' }),
    from: ZV1Number.optional().meta({ description: "One of the account's numbers; the first one when absent." }),
    quoted_total_cents: z
      .number({ error: 'validation.quotedTotal' })
      .int({ error: 'validation.quotedTotal' })
      .min(0, { error: 'validation.quotedTotal' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'validation.quotedTotal' })
      .optional()
      .meta({
        description:
          'The `total_cents` of a quote you accepted (POST /faxes/quote). The send is refused with 409 (`errors.quoteChanged`) when it would cost more now. Absent: the 202 states the price.',
      }),
  })
  .meta({ id: 'SendFaxRequest' });
export type TV1SendFaxRequest = z.input<typeof ZV1SendFaxRequest>;

export const ZV1AcceptedFax = z
  .object({
    fax_id: z.string(),
    status: z.enum(['queued', 'scheduled']),
    /** Human text, in the caller's language. */
    message: z.string(),
    to: z.string(),
  })
  .meta({ id: 'AcceptedFax' });

/** What a send costs beyond the plan's price (decision 096): 0 within the plan and to +1 numbers. */
export const ZV1Quote = z
  .object({
    currency: z.string().meta({ description: 'ISO 4217, upper case.', example: 'USD' }),
    total_cents: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'The whole send, in the currency’s cents; 0 when it costs nothing extra.' }),
    pages_known: z.boolean().meta({
      description:
        'false when a file’s pages are counted only once converted (a Word document, `file_url`): the total is for the pages counted so far, and each further page costs the rates given.',
    }),
    recipients: z.array(
      z.object({
        number: z.string(),
        country: z
          .string()
          .nullable()
          .meta({ description: 'ISO 3166-1 alpha-2 of the destination; null for a +1 number (within every plan).' }),
        pages: z.number().int().nonnegative(),
        overage_pages: z.number().int().nonnegative().meta({ description: 'Pages past the plan’s pages this period.' }),
        overage_cents_per_page: z.number().int().nullable(),
        international_cents_per_page: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'Charged for every page to this country, on top of the plan’s pages.' }),
        cents: z.number().int().nonnegative(),
      }),
    ),
  })
  .meta({ id: 'Quote', description: 'The charge of a delivered fax never exceeds its quote; a fax that fails costs nothing.' });
export type TV1Quote = z.infer<typeof ZV1Quote>;

const ZV1QuoteOfSend = ZV1Quote.nullable().meta({
  description: 'The price of this send; null when the answer repeats faxes accepted before.',
});

/** 202: one fax (recipient), or one per number of a broadcast (recipients), with the send's price. */
export const ZV1SendFaxResponse = z
  .union([
    ZV1AcceptedFax.extend({ quote: ZV1QuoteOfSend }).meta({ id: 'AcceptedSingleFax' }),
    z.object({ faxes: z.array(ZV1AcceptedFax), quote: ZV1QuoteOfSend }).meta({ id: 'AcceptedBroadcast' }),
  ])
  .meta({ id: 'SendFaxResponse' });
export type TV1SendFaxResponse = z.infer<typeof ZV1SendFaxResponse>;

export const ZV1Fax = z
  .object({
    id: z.string(),
    direction: z.enum(FAX_DIRECTIONS),
    status: z.enum(FAX_STATUSES),
    /** Received faxes: opened by someone of the account. */
    read: z.boolean(),
    from: z.string().nullable(),
    to: z.string(),
    recipient_name: z.string().nullable(),
    sender_name: z.string().nullable(),
    pages: z.number().int().nonnegative().nullable(),
    pages_sent: z.number().int().nonnegative().nullable(),
    quality: z.enum(FAX_QUALITIES),
    failure_reason: z.enum(FAX_FAILURE_REASONS).nullable().meta({
      description: 'How the fax failed or fell short, in the one failure taxonomy every line and carrier maps to; null unless it did.',
    }),
    retryable: z.boolean().nullable().meta({
      description:
        'Whether another try may succeed where this one failed (the retry rules retry only these); null without a failure_reason.',
    }),
    failure_message: z.string().nullable().meta({
      description: "The failure_reason in a plain sentence, in the API key holder's language or the Accept-Language asked for.",
    }),
    failure_detail: z.string().nullable().meta({
      description:
        'What Faxline recorded when the fax ended (a file that could not be converted, for one), in the language the fax was sent in.',
    }),
    uncertain_choice: z.enum(UNCERTAIN_CHOICES).nullable().meta({
      description:
        'For an uncertain fax: what its sender chose (keep: the fax stays as it is; resend: sent again as a new fax); null while the choice is open or the fax is not uncertain.',
    }),
    cover_subject: z.string().nullable(),
    channel: z.enum(FAX_CHANNELS),
    scheduled_at: z.iso.datetime({ offset: true }).nullable(),
    next_try_at: z.iso.datetime({ offset: true }).nullable(),
    created_at: z.iso.datetime({ offset: true }),
    completed_at: z.iso.datetime({ offset: true }).nullable(),
    station_check: ZStationCheck.nullable().meta({
      id: 'StationCheck',
      description:
        "A sent fax's wrong-number check: the station id expected, the one the remote machine announced, and `match`, `mismatch` or `not_checked` (no id expected, or the line did not report one). Null for a received fax.",
    }),
  })
  .meta({ id: 'Fax' });
export type TV1Fax = z.infer<typeof ZV1Fax>;

/** POST /v1/faxes/{fax_id}/uncertain: the sender's answer to an uncertain fax (decision 119). */
export const ZV1UncertainChoice = z
  .object({
    choice: z.enum(UNCERTAIN_CHOICES).meta({
      description: 'keep: the fax stays as it is (never counted delivered); resend: it is sent again as a new fax.',
    }),
  })
  .meta({ id: 'UncertainChoice' });
export const ZV1UncertainChoiceResponse = z
  .object({ fax: ZV1Fax, resent_fax_id: z.string().nullable().meta({ description: 'The new fax when the choice was resend.' }) })
  .meta({ id: 'UncertainChoiceResponse' });

export const ZV1FaxAttempt = z
  .object({
    number: z.number().int().positive(),
    started_at: z.iso.datetime({ offset: true }),
    ended_at: z.iso.datetime({ offset: true }).nullable(),
    duration_ms: z.number().int().nonnegative().nullable(),
    first_page: z.number().int().positive(),
    pages_sent: z.number().int().nonnegative(),
    result: z.string().meta({ description: 'delivered, partially_delivered, in_progress, or a failure reason.' }),
  })
  .meta({ id: 'FaxAttempt' });

export const ZV1FoundField = z
  .object({
    name: z.enum(FIELD_NAMES),
    value: z.string(),
    page: z.number().int().positive(),
    line: z.number().int().positive(),
    column: z.number().int().positive(),
  })
  .meta({ id: 'FoundField', description: 'A fact read on a received fax, with the page, line and column it was read at.' });

export const ZV1FaxDetails = ZV1Fax.extend({
  attempts: z.array(ZV1FaxAttempt),
  document_class: z
    .enum(DOCUMENT_CLASSES)
    .nullable()
    .meta({ description: 'What a received fax is, once its words are read (the account reads its faxes); null until then.' }),
  class_confidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: 'How sure the class is, 0 to 1; 1 once a member of the account set it.' }),
  fields: z.array(ZV1FoundField).meta({ description: 'The facts found on a received fax once read.' }),
  page_problems: z
    .array(ZPageProblem)
    .meta({ description: 'Received pages that may need sending again (blank, cut off, unreadable), once read.' }),
}).meta({ id: 'FaxDetails' });
export type TV1FaxDetails = z.infer<typeof ZV1FaxDetails>;

export const V1_FAX_SORTS = ['created_at', '-created_at'] as const;
export const ZV1FaxListQuery = z.object({
  status: z.enum(FAX_STATUSES, { error: 'errors.invalidStatusFilter' }).optional(),
  direction: z.enum(FAX_DIRECTIONS, { error: 'errors.invalidDirectionFilter' }).optional(),
  from: ZV1Number.optional().meta({ description: 'Faxes sent from this number.' }),
  to: ZV1Number.optional().meta({ description: 'Faxes sent to this number.' }),
  number: ZV1Number.optional().meta({ description: 'Faxes from or to this number: every fax exchanged with it.' }),
  text: z.string().trim().min(1).max(100).check(singleLineText).optional().meta({
    description:
      'Faxes whose words, read on their pages (received faxes of an account that reads them), match this search, in the language they were read in ("naissance" finds a French fax, "births" an English one).',
  }),
  created_after: z.iso.datetime({ offset: true, error: 'errors.invalidDateFilter' }).optional(),
  created_before: z.iso.datetime({ offset: true, error: 'errors.invalidDateFilter' }).optional(),
  sort: z.enum(V1_FAX_SORTS, { error: 'errors.invalidSort' }).default('-created_at'),
  limit: z.coerce
    .number({ error: 'errors.invalidLimit' })
    .int({ error: 'errors.invalidLimit' })
    .min(1, { error: 'errors.invalidLimit' })
    .max(100, { error: 'errors.invalidLimit' })
    .default(25),
  cursor: z.string().max(200).check(singleLineText).optional().meta({ description: 'The `next_cursor` of the previous page.' }),
});
export type TV1FaxListQuery = z.input<typeof ZV1FaxListQuery>;

export const ZV1FaxList = z
  .object({ data: z.array(ZV1Fax), next_cursor: z.string().nullable().meta({ description: 'Null on the last page.' }) })
  .meta({ id: 'FaxList' });
export type TV1FaxList = z.infer<typeof ZV1FaxList>;

export const ZV1FaxParams = z.object({ fax_id: z.uuid({ error: 'errors.faxNotFound' }) });

/** GET /v1/faxes/{fax_id}/text: the words read on a fax (its account reads them: decision 099), page by page. */
export const ZV1FaxText = z
  .object({
    fax_id: z.string(),
    language: z.enum(LANGUAGES).nullable().meta({ description: 'The language found in the text; null when too little to tell.' }),
    pages: z.array(
      z.object({
        page: z.number().int().min(1),
        text: z.string().meta({ description: 'The lines read on the page; empty for a page with no words.' }),
        confidence: z
          .number()
          .min(0)
          .max(100)
          .nullable()
          .meta({ description: 'The reader’s mean confidence in the page’s words, 0 to 100.' }),
      }),
    ),
  })
  .meta({ id: 'FaxText' });
export type TV1FaxText = z.infer<typeof ZV1FaxText>;
