import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';
import { CARRIERS, DOCUMENT_CLASSES, FAX_FAILURE_REASONS, FAX_QUALITIES, OUTBOUND_FAX_STATUSES, UNCERTAIN_CHOICES } from '../constants';
import { E164_PATTERN } from '../phone';
import { ZFaxCallDetails } from './fax-calls';
import { ZFaxQuote } from './international-rates';
import { ZFaxPlacement } from './inboxes';
import { ZExpectedStationId, ZStationCheck, ZStationOffer } from './station-ids';

/**
 * Faxes: POST /api/faxes (multipart), GET /api/faxes, GET /api/faxes/:id, POST /api/faxes/:id/cancel,
 * GET /api/faxes/:id/document (PDF), GET /api/faxes/:id/thumbnail (PNG), POST /api/faxes/:id/read,
 * POST /api/faxes/preview (multipart), GET /api/numbers. Messages are i18n keys (errors.* / validation.*).
 */
export const MAX_COVER_MESSAGE_LENGTH = 3000;
/** Why a fax's content was deleted (decision 108): the retention period passed, or zero-footprint mode cleared it. */
export const CONTENT_DELETION_CAUSES = ['retention', 'zero_footprint'] as const;
export type TContentDeletionCause = (typeof CONTENT_DELETION_CAUSES)[number];
export const MAX_COVER_SUBJECT_LENGTH = 200;
export const MAX_RECIPIENT_NAME_LENGTH = 120;
export const MAX_PAGES_PER_FAX = 200;
export const MAX_SCHEDULE_DAYS = 30;
/** How deep numbered history pages reach (rows); deeper pages are reached by cursor, which costs the same at any depth. */
export const HISTORY_MAX_OFFSET = 10_000;

export const ZE164 = z.string().trim().check(singleLineText).regex(E164_PATTERN, { error: 'errors.invalidRecipient' });

/** The `request.json` part of the send form (spec 001 §3), plus cover subject, recipient name, schedule and From number. */
export const ZSendFaxRequest = z.object({
  recipientNumber: ZE164,
  faxQuality: z.enum(FAX_QUALITIES),
  coverPageMessage: z
    .string()
    .trim()
    .max(MAX_COVER_MESSAGE_LENGTH, { error: 'errors.coverMessageTooLong' })
    .check(multiLineText)
    .optional(),
  coverSubject: z.string().trim().max(MAX_COVER_SUBJECT_LENGTH, { error: 'errors.coverSubjectTooLong' }).check(singleLineText).optional(),
  recipientName: z
    .string()
    .trim()
    .max(MAX_RECIPIENT_NAME_LENGTH, { error: 'errors.recipientNameTooLong' })
    .check(singleLineText)
    .optional(),
  /** A future send time, at most 30 days ahead (ISO 8601 with offset). */
  scheduledAt: z.iso.datetime({ offset: true }).check(singleLineText).optional(),
  /** The station id the recipient's machine should announce (decision 121); absent or empty: no check. */
  expectedStationId: ZExpectedStationId,
  /** One of the account's numbers; the first one when absent. */
  fromNumber: ZE164.optional(),
  /**
   * The total of the price shown before sending (POST /api/faxes/quote, decision 096): a send that costs more now is
   * refused with 409; absent, a send that costs anything is.
   */
  quotedTotalCents: z
    .number({ error: 'validation.quotedTotal' })
    .int({ error: 'validation.quotedTotal' })
    .min(0, { error: 'validation.quotedTotal' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.quotedTotal' })
    .optional(),
});
export type TSendFaxRequest = z.input<typeof ZSendFaxRequest>;

/** What a send holds, as the send form, the server and the documents job each see it. */
type TSendContents = { coverMessage?: string | null; coverSubject?: string | null; attachmentCount: number };

/** A send needs a file or a cover message (spec 001 §5 'Nothing to Send'); a cover subject alone is not enough. */
export function hasNothingToSend({ coverMessage, attachmentCount }: Omit<TSendContents, 'coverSubject'>): boolean {
  return attachmentCount === 0 && !coverMessage?.trim();
}

/** The cover page is made when there is a message or a subject to print, or when there is no file (cover only). */
export function needsCoverPage({ coverMessage, coverSubject, attachmentCount }: TSendContents): boolean {
  return Boolean(coverMessage?.trim() || coverSubject?.trim()) || attachmentCount === 0;
}

export const FAX_DIRECTIONS = ['outbound', 'inbound'] as const;
export const FAX_STATUSES = [...OUTBOUND_FAX_STATUSES, 'received'] as const;
export const FAX_LINES = ['internal', 'sandbox', 'hylafax', ...CARRIERS] as const;
export type TFaxDirection = (typeof FAX_DIRECTIONS)[number];
export type TFaxStatus = (typeof FAX_STATUSES)[number];
export type TFaxLine = (typeof FAX_LINES)[number];
/** How a fax was sent: the portal, the public API (/v1), e-mail, or an AI agent through MCP (/mcp). */
export const FAX_CHANNELS = ['web', 'api', 'email', 'agent'] as const;
export type TFaxChannel = (typeof FAX_CHANNELS)[number];

export const ZFax = z.object({
  id: z.string(),
  direction: z.enum(FAX_DIRECTIONS),
  status: z.enum(FAX_STATUSES),
  /** Inbound only: opened by someone of the account. */
  read: z.boolean(),
  fromNumber: z.string().nullable(),
  toNumber: z.string(),
  recipientName: z.string().nullable(),
  /** Who sent an inbound fax, as far as known ("Unknown" is the web app's word for null). */
  senderName: z.string().nullable(),
  pages: z.number().int().nullable(),
  /** The pages the receiving machine confirmed, once a sent fax ended delivered or partly delivered. */
  pagesSent: z.number().int().nullable(),
  quality: z.enum(FAX_QUALITIES),
  failureReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  failureMessage: z.string().nullable(),
  /** An uncertain fax's answer (decision 119): keep or resend; null while the question is open or there is none. */
  uncertainChoice: z.enum(UNCERTAIN_CHOICES).nullable().optional(),
  coverSubject: z.string().nullable(),
  line: z.enum(FAX_LINES).nullable(),
  channel: z.enum(FAX_CHANNELS),
  scheduledAt: z.iso.datetime({ offset: true }).nullable(),
  /** While a sent fax waits between tries: when the next one is due, and why the last one did not get through. */
  nextTryAt: z.iso.datetime({ offset: true }).nullable(),
  retryReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  /** A fax sent again with Resend: the fax it repeats (null once that one is deleted). */
  resentFromId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** A sent fax's wrong-number check (decision 121); null for a received fax. */
  stationCheck: ZStationCheck.nullable(),
});
export type TFax = z.infer<typeof ZFax>;

export const ZFaxAttempt = z.object({
  number: z.number().int().positive(),
  startedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  durationMs: z.number().int().nullable(),
  /** The pages the far end confirmed on this call. */
  pagesSent: z.number().int(),
  /** The page the call began with: 1, or the first page not yet confirmed when a retry resumed a partial delivery. */
  firstPage: z.number().int().positive(),
  result: z.enum(['delivered', 'partially_delivered', ...FAX_FAILURE_REASONS, 'in_progress']),
  /** The call as the line saw it; null while it is on the line, or when the line made no call (busy, internal). */
  call: ZFaxCallDetails.nullable(),
});
export type TFaxAttempt = z.infer<typeof ZFaxAttempt>;

/** The facts found on a received fax's pages, each where it was read: the page, the line and the column (from 1). */
export const FIELD_NAMES = ['patient_name', 'date_of_birth', 'record_number', 'npi', 'callback_fax', 'callback_phone', 'date'] as const;
export type TFieldName = (typeof FIELD_NAMES)[number];
export const ZFoundField = z.object({
  name: z.enum(FIELD_NAMES),
  value: z.string(),
  page: z.number().int().positive(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
});
export type TFoundField = z.infer<typeof ZFoundField>;

/** A member's class for a received fax: kept as certain, and learned from for the account's next faxes (decision 102). */
export const ZSetDocumentClass = z.object({ documentClass: z.enum(DOCUMENT_CLASSES) });
export type TSetDocumentClass = z.infer<typeof ZSetDocumentClass>;

/** The review queue (decision 102): received faxes classified less sure than the account's threshold, newest first. */
export const REVIEW_QUEUE_SIZE = 50;
export const ZReviewQueue = z.object({
  faxes: z.array(
    z.object({
      id: z.string(),
      fromNumber: z.string().nullable(),
      senderName: z.string().nullable(),
      pages: z.number().int().nullable(),
      createdAt: z.iso.datetime({ offset: true }),
      documentClass: z.enum(DOCUMENT_CLASSES),
      classConfidence: z.number().min(0).max(1),
      classifiedBy: z.enum(['faxline', 'member']),
      fields: z.array(ZFoundField),
      hasThumbnail: z.boolean(),
    }),
  ),
  /** More faxes wait than the REVIEW_QUEUE_SIZE shown. */
  more: z.boolean(),
});
export type TReviewQueue = z.infer<typeof ZReviewQueue>;

/** Why a received page may need sending again, found when the fax is read (decision 101). */
export const PAGE_PROBLEMS = ['blank', 'cut_off', 'unreadable'] as const;
export type TPageProblem = (typeof PAGE_PROBLEMS)[number];
export const ZPageProblem = z.object({ page: z.number().int().positive(), problem: z.enum(PAGE_PROBLEMS) });
export type TPageProblemOfPage = z.infer<typeof ZPageProblem>;

/** Ask the sender of a received fax to send these pages again: a cover page faxed back to the number it came from. */
export const ZRequestPagesAgain = z.object({
  pages: z.array(z.number().int().positive().max(10_000)).min(1).max(100),
});
export type TRequestPagesAgain = z.infer<typeof ZRequestPagesAgain>;

export const ZFaxDetails = ZFax.extend({
  attempts: z.array(ZFaxAttempt),
  files: z.array(z.object({ name: z.string(), type: z.string(), size: z.number().int() })),
  hasDocument: z.boolean(),
  /** The fax image (the TIFF-F that goes down the line) can be downloaded. */
  hasImage: z.boolean(),
  /** The signed transmission report can be downloaded (GET /api/faxes/:id/receipt): the line delivered the fax. */
  hasReceipt: z.boolean(),
  /** The words read on the fax can be downloaded (GET /api/faxes/:id/text): its account reads them (decision 099). */
  hasText: z.boolean(),
  hasThumbnail: z.boolean(),
  /** The received pages that may need sending again (blank, cut off, unreadable), once the fax is read (decision 101). */
  pageProblems: z.array(ZPageProblem),
  /** What a received fax is, once read (decision 102): its class, how sure (0 to 1), who said so, and its fields. */
  documentClass: z.enum(DOCUMENT_CLASSES).nullable(),
  classConfidence: z.number().min(0).max(1).nullable(),
  classifiedBy: z.enum(['faxline', 'member']).nullable(),
  fields: z.array(ZFoundField),
  /** While it waits between tries: the number of the next try and how many the retry rules allow for its reason. */
  nextTry: z.object({ number: z.number().int(), of: z.number().int() }).nullable(),
  /** A received fax's inbox, assignee, labels, state and folder, and the rule that placed it (decision 103). */
  placement: ZFaxPlacement.nullable(),
  /**
   * When the fax's content (documents, images, words, attachments, report) was deleted for good, and why: the account's
   * retention policy or its zero-footprint mode (decision 108); null while it is kept. The row stays.
   */
  contentDeleted: z.object({ at: z.iso.datetime({ offset: true }), by: z.enum(CONTENT_DELETION_CAUSES) }).nullable(),
  /** After a first delivery to a contact without a station id: the offer to remember the one announced. */
  stationOffer: ZStationOffer.nullable(),
  /** The faxes sent again from this one with Resend, newest first. */
  resends: z.array(z.object({ id: z.string(), createdAt: z.iso.datetime({ offset: true }) })),
});
export type TFaxDetails = z.infer<typeof ZFaxDetails>;

export const FAX_SORT_KEYS = ['date', 'number', 'status', 'pages'] as const;
export const ZFaxListQuery = z.object({
  direction: z.enum(FAX_DIRECTIONS).default('outbound'),
  /**
   * Matches the recipient or sender (number or name) or the status, without regard to case (spec 001 §9), and the
   * words read on the fax's pages, in their language (decision 100).
   */
  search: z.string().trim().max(100).check(singleLineText).optional(),
  sort: z.enum(FAX_SORT_KEYS).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Numbered pages reach HISTORY_MAX_OFFSET rows deep; past that, and for clients that walk a list, use `cursor`. */
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
  /** The `nextCursor` of the previous page (sort by date only): the page after it, however deep. */
  cursor: z.string().max(200).check(singleLineText).optional(),
});
export type TFaxListQuery = z.input<typeof ZFaxListQuery>;

/**
 * Where a search's words were found on a received or sent fax whose words were read (decision 100): the first page
 * they are on, and the words around them, the matching ones marked.
 */
export const ZFaxSnippet = z.object({
  page: z.number().int().positive(),
  parts: z.array(z.object({ text: z.string(), match: z.boolean() })),
});
export type TFaxSnippet = z.infer<typeof ZFaxSnippet>;

/** A fax of the history's list: with a search, its snippet when the search's words are on its pages. */
export const ZFaxListItem = ZFax.extend({ snippet: ZFaxSnippet.nullable() });
export type TFaxListItem = z.infer<typeof ZFaxListItem>;

export const ZFaxListResponse = z.object({
  faxes: z.array(ZFaxListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** For the tab labels 'Sent Faxes (n)' and 'Received Faxes (n)', with the same search applied (exact unless `countsAtLeast`). */
  counts: z.object({ outbound: z.number().int(), inbound: z.number().int() }),
  /**
   * Per tab, whether its count is a floor: the search found at least that many, counting past a limit only the faxes
   * it found by their text (decision 100); the pages go on to `maxPage`.
   */
  countsAtLeast: z.object({ outbound: z.boolean(), inbound: z.boolean() }),
  /** The last page that may be asked for by number. */
  maxPage: z.number().int(),
  /** Where the next page starts (sort by date), or null at the end of the list. */
  nextCursor: z.string().nullable(),
});
export type TFaxListResponse = z.infer<typeof ZFaxListResponse>;

export const ZSendFaxResponse = z.object({
  faxId: z.string(),
  status: z.enum(['queued', 'scheduled']),
  /** Human text for the 'Fax Sent Successfully!' toast, in the caller's language. */
  message: z.string(),
  /** The line that will carry it: the sandbox line is shown to the sender (DESIGN.md "Fax lines"). */
  line: z.enum(FAX_LINES),
  /** What it costs beyond the plan (decision 096); null when the answer repeats a fax accepted before. */
  quote: ZFaxQuote.nullable(),
});
export type TSendFaxResponse = z.infer<typeof ZSendFaxResponse>;

export const ZFaxPreviewResponse = z.object({
  pages: z.number().int(),
  /** PNG data URLs of the first pages as the fax machine will print them. */
  images: z.array(z.string()),
});
export type TFaxPreviewResponse = z.infer<typeof ZFaxPreviewResponse>;

export const ZFaxNumber = z.object({ id: z.string(), phoneNumber: z.string(), countryCode: z.string().nullable(), numberType: z.string() });
export const ZFaxNumbersResponse = z.object({ numbers: z.array(ZFaxNumber) });
export type TFaxNumbersResponse = z.infer<typeof ZFaxNumbersResponse>;

/**
 * The sandbox line's documented test numbers (DESIGN.md "Fax lines"), each a remote machine played by a T.30 engine
 * (apps/server/src/lines/sandbox-line.ts); every other number is a healthy fax machine, as +15550100000 is. The
 * healthy ones answer over T.38, the others on an audio line (decision 151).
 */
export const SANDBOX_TEST_NUMBERS = {
  /** Answers over T.38, as a machine behind a carrier's gateway does; V.17 with ECM, confirms every page. */
  delivers: '+15550100000',
  /** A call result: no call is made. */
  busy: '+15550100001',
  /** Nobody picks up: T.30's T0 runs out. */
  no_answer: '+15550100002',
  /** A telephone answers: no fax tone, T.30 times out. */
  not_a_fax_machine: '+15550100003',
  /** Confirms half the pages (none of a 1-page fax), then answers with DCN and hangs up. */
  partial_delivery: '+15550100004',
  /** Answers at 9,600 bit/s (V.29) without ECM, and delivers. */
  slow_no_ecm: '+15550100005',
  /** Drops the call on page 2 on a fax's first try, delivers on the next. */
  drops_first_try: '+15550100006',
  /** Cannot train at V.17 (14,400 bit/s): hangs up after a V.17 training; delivers at V.29 (9,600 bit/s) or lower. */
  fails_v17_training: '+15550100007',
  /** Takes the last page, then drops the call before confirming it: the outcome is uncertain, never delivered. */
  drops_before_confirmation: '+15550100008',
} as const;

/** One of the sandbox line's test numbers, which it takes even where it takes no other number (production). */
export function isSandboxTestNumber(number: string): boolean {
  return (Object.values(SANDBOX_TEST_NUMBERS) as string[]).includes(number);
}

/** A received fax in an inbox's list (GET /api/inboxes/faxes): where it is and who has it, and its class. */
export const ZInboxFax = ZFaxListItem.extend({ placement: ZFaxPlacement, documentClass: z.enum(DOCUMENT_CLASSES).nullable() });
export type TInboxFax = z.infer<typeof ZInboxFax>;
export const ZInboxFaxPage = z.object({
  faxes: z.array(ZInboxFax),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TInboxFaxPage = z.infer<typeof ZInboxFaxPage>;
