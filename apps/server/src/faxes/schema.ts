import {
  IN_FLIGHT_FAX_STATUSES,
  type TFaxCallDetails,
  type TFaxChannel,
  type TContentDeletionCause,
  type TFaxDirection,
  type TFaxFailureReason,
  type TFaxLine,
  type TFaxQuality,
  type TFaxStatus,
  type TLanguage,
  type TPageProblemOfPage,
  type TDocumentClass,
  type TFoundField,
  type TFaxFolder,
  type TFaxState,
  type TRoutedBy,
  type TUncertainChoice,
} from '@faxline/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { inboxes } from '../inboxes/schema';
import type { QuotedTerms } from '../billing/quote';

/** PostgreSQL's full-text search document: written by `to_tsvector`, never read as a value here. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A broadcast (decision 111): one document sent to many numbers, one fax each. It owns its faxes (`faxes.broadcast_id`):
 * their statuses are its recipients' statuses, it is scheduled and canceled as a whole, and its document is rendered
 * once for all of them.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who sent it; its faxes are theirs. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').$type<TFaxChannel>().notNull().default('web'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When it was canceled as a whole: the faxes that could still be stopped were. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('broadcasts_account_created_idx').on(table.accountId, table.createdAt, table.id)],
);

/** A fax, sent or received, of one account (DESIGN.md "Faxes"). */
export const faxes = pgTable(
  'faxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who sent it (outbound); null for a received fax. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    direction: text('direction').$type<TFaxDirection>().notNull(),
    status: text('status').$type<TFaxStatus>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    fromNumber: text('from_number'),
    toNumber: text('to_number').notNull(),
    recipientName: text('recipient_name'),
    /**
     * Wrong-number protection (decision 121): the station id (CSI) the recipient's machine should announce, kept as
     * sent (named as the line's OutgoingFax names it, so that the row carries it to the line), and the one it
     * announced on the try that ended the fax, when the line said.
     */
    expectedStationId: text('expected_station_id'),
    announcedStationId: text('announced_station_id'),
    senderName: text('sender_name'),
    coverSubject: text('cover_subject'),
    /**
     * The names of the fax's files (fax_files), joined by chr(31), written with them and never changed after (a resend
     * is a new fax with its own): the history's search reads them here, in its one indexed text (decision 111).
     */
    fileNames: text('file_names'),
    coverMessage: text('cover_message'),
    quality: text('quality').$type<TFaxQuality>().notNull(),
    language: text('language').notNull().default('en'),
    pages: integer('pages'),
    /** Pages the receiving machine confirmed, once the fax ended delivered or partly delivered; what the ledger charges. */
    pagesSent: integer('pages_sent'),
    /** The pages known at acceptance, held against the plan until the conversion counts `pages` (decision 086). */
    reservedPages: integer('reserved_pages'),
    /**
     * What the sender was quoted for this fax beyond the plan (decision 096): the rates and pages its delivery is
     * charged at most. Null for a received fax, and for a fax accepted before quotes.
     */
    quotedTerms: jsonb('quoted_terms').$type<QuotedTerms>(),
    line: text('line').$type<TFaxLine>(),
    failureReason: text('failure_reason').$type<TFaxFailureReason>(),
    failureMessage: text('failure_message'),
    /**
     * An uncertain fax's answer (decision 119): what its sender chose (keep it, or resend it as a new fax), when and
     * by whom; null while the question is open (or the fax is not uncertain).
     */
    uncertainChoice: text('uncertain_choice').$type<TUncertainChoice>(),
    uncertainChosenAt: timestamp('uncertain_chosen_at', { withTimezone: true }),
    uncertainChosenBy: text('uncertain_chosen_by'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /**
     * While a sent fax waits between tries: when the next try is due, and why the last one did not get through (both
     * null otherwise). Written with the next try's job, in the same transaction.
     */
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    retryReason: text('retry_reason').$type<TFaxFailureReason>(),
    /** The broadcast this fax is one recipient's copy of (decision 111); null for a fax sent alone. */
    broadcastId: uuid('broadcast_id').references((): AnyPgColumn => broadcasts.id, { onDelete: 'set null' }),
    /** A fax sent again with one click: the fax it repeats (its documents and recipient). */
    resentFromId: uuid('resent_from_id').references((): AnyPgColumn => faxes.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    /** How it was sent: the portal, the public API (/v1) or e-mail. */
    channel: text('channel').$type<TFaxChannel>().notNull().default('web'),
    /** A document the worker fetches before converting (the API's `file_url`), until it is fetched and kept as a file. */
    sourceUrl: text('source_url'),
    /** The document of record (encrypted PDF), its SHA-256, the fax image and the first-page thumbnail. */
    documentKey: text('document_key'),
    documentSha256: text('document_sha256'),
    imageKey: text('image_key'),
    imageBytes: integer('image_bytes'),
    thumbnailKey: text('thumbnail_key'),
    /** A delivered fax's signed transmission report (receipts/), kept once issued: every download is the same file. */
    receiptKey: text('receipt_key'),
    /**
     * The words read on the fax's pages (fax-text/), kept once read: the pages' text (an encrypted file) and the
     * language found in it (null: none of Faxline's); their search is `fax_text_words`.
     */
    textKey: text('text_key'),
    textLanguage: text('text_language').$type<TLanguage>(),
    /** The received pages that may need sending again, found when the words were read (decision 101); null until then. */
    pageProblems: jsonb('page_problems').$type<TPageProblemOfPage[]>(),
    /**
     * What a received fax is, once read (decision 102): its class, how sure the classifier was (0 to 1; 1 once a member
     * set it), who set it, and the fields found on its pages.
     */
    documentClass: text('document_class').$type<TDocumentClass>(),
    classConfidence: real('class_confidence'),
    classifiedBy: text('classified_by').$type<'faxline' | 'member'>(),
    foundFields: jsonb('found_fields').$type<TFoundField[]>(),
    /**
     * Where a received fax is (decision 103): its inbox (null: none), the member it is assigned to, its labels, its
     * state and folder; when the account's rules placed it (null while they wait for its words to be read: only the
     * owner and sub-admins see it until then; a sent fax is placed as it is made), and which rule placed it, and why.
     */
    inboxId: uuid('inbox_id').references((): AnyPgColumn => inboxes.id, { onDelete: 'restrict' }),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    state: text('state').$type<TFaxState>().notNull().default('new'),
    folder: text('folder').$type<TFaxFolder>().notNull().default('inbox'),
    filedAt: timestamp('filed_at', { withTimezone: true }).defaultNow(),
    routedBy: jsonb('routed_by').$type<TRoutedBy>(),
    /**
     * When the fax's content (every file above, its attachments, its tries' images, its words and fields, its cover
     * texts) was deleted for good, and why: the account's retention period, or its zero-footprint mode (decision 108).
     * The row keeps its numbers, times, pages and status.
     */
    contentDeletedAt: timestamp('content_deleted_at', { withTimezone: true }),
    contentDeletedBy: text('content_deleted_by').$type<TContentDeletionCause>(),
    /** For a received fax that came over the internal line: the sent fax it is the copy of (at most one). */
    sourceFaxId: uuid('source_fax_id'),
    /** For a received fax that came in a call (sandbox, HylaFAX): the line's id of the call, stored at most once. */
    inboundCallId: text('inbound_call_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * What the history's search matches (numbers, names, stored status, failure reason's code, cover subject, file
     * names), one text with a separator no search can contain, so that one trigram index serves the substring search
     * (migration 0009, decision 111). The subject and names are cut short so that the search tallies' key (which holds
     * this text) stays within a btree entry.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(to_number, '') || chr(31) || coalesce(from_number, '') || chr(31) || coalesce(recipient_name, '') || chr(31) || coalesce(sender_name, '') || chr(31) || status || chr(31) || coalesce(failure_reason, '') || chr(31) || left(coalesce(cover_subject, ''), 150) || chr(31) || left(coalesce(file_names, ''), 500))`,
    ),
  },
  (table) => [
    // The history: one account's faxes of one direction in the order of each sortable column, newest first on ties.
    index('faxes_account_direction_created_idx').on(table.accountId, table.direction, table.createdAt, table.id),
    index('faxes_account_direction_status_idx').on(table.accountId, table.direction, table.status, table.createdAt, table.id),
    index('faxes_account_direction_pages_idx').on(table.accountId, table.direction, table.pages, table.createdAt, table.id),
    index('faxes_account_direction_to_idx').on(table.accountId, table.direction, table.toNumber, table.createdAt, table.id),
    index('faxes_account_direction_from_idx').on(table.accountId, table.direction, table.fromNumber, table.createdAt, table.id),
    // A User sees the faxes they sent.
    index('faxes_account_user_direction_created_idx').on(table.accountId, table.userId, table.direction, table.createdAt, table.id),
    // The public API's list: an account's faxes of both directions by creation, walked by cursor.
    index('faxes_account_created_idx').on(table.accountId, table.createdAt, table.id),
    uniqueIndex('faxes_account_idempotency_idx').on(table.accountId, table.idempotencyKey),
    uniqueIndex('faxes_source_fax_idx').on(table.sourceFaxId),
    uniqueIndex('faxes_inbound_call_idx').on(table.inboundCallId),
    // A broadcast's faxes, read by its view at every refresh.
    index('faxes_broadcast_idx')
      .on(table.broadcastId, table.createdAt)
      .where(sql`${table.broadcastId} IS NOT NULL`),
    // A fax's details name the faxes resent from it: found by this, not by a walk through the account's faxes.
    index('faxes_resent_from_idx').on(table.resentFromId),
    // The quota's reservation: an account's faxes on their way, summed at every send.
    index('faxes_account_in_flight_idx')
      .on(table.accountId)
      .where(sql`${table.status} in (${sql.raw(IN_FLIGHT_FAX_STATUSES.map((status) => `'${status}'`).join(', '))})`),
    // The faxes waiting for another call to their number to end (transmit-fax.ts), the longest waiting first.
    index('faxes_waiting_turn_idx')
      .on(table.toNumber, table.nextTryAt)
      .where(sql`${table.status} = 'sending' AND ${table.nextTryAt} IS NOT NULL AND ${table.retryReason} IS NULL`),
    // The faxes on their way, counted by /metrics at each scrape: a few among millions, found without a scan.
    index('faxes_in_flight_idx')
      .on(table.status)
      .where(sql`${table.status} in (${sql.raw(IN_FLIGHT_FAX_STATUSES.map((status) => `'${status}'`).join(', '))})`),
    // An inbox's list (decision 103): its faxes of one folder, newest first; and its new ones, counted for the menu.
    index('faxes_inbox_folder_created_idx').on(table.accountId, table.inboxId, table.folder, table.direction, table.createdAt, table.id),
    index('faxes_inbox_new_idx')
      .on(table.accountId, table.inboxId)
      .where(sql`${table.state} = 'new' AND ${table.folder} = 'inbox' AND ${table.filedAt} IS NOT NULL`),
    // The retention run (decision 108): an account's faxes that still hold content, oldest first.
    index('faxes_account_content_kept_idx')
      .on(table.accountId, table.createdAt)
      .where(sql`${table.contentDeletedAt} IS NULL`),
    // The delivery record (decision 122): the sent faxes that ended in the last 30 days, of everyone and of one account.
    index('faxes_outbound_completed_idx')
      .on(table.completedAt)
      .where(sql`${table.direction} = 'outbound'`),
    index('faxes_account_outbound_completed_idx')
      .on(table.accountId, table.completedAt)
      .where(sql`${table.direction} = 'outbound'`),
    // The review queue (decision 102): received faxes whose class no member has confirmed, newest first, by confidence.
    index('faxes_class_to_review_idx')
      .on(table.accountId, table.createdAt.desc(), table.classConfidence)
      .where(sql`${table.classifiedBy} = 'faxline'`),
  ],
);

/** The files attached to a sent fax, in the order they are sent, kept encrypted as uploaded. */
export const faxFiles = pgTable(
  'fax_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    faxId: uuid('fax_id')
      .notNull()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
  },
  (table) => [uniqueIndex('fax_files_fax_position_idx').on(table.faxId, table.position)],
);

/** Each try to deliver a fax over a line, with its outcome (DESIGN.md: every attempt recorded). */
export const faxAttempts = pgTable(
  'fax_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    faxId: uuid('fax_id')
      .notNull()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    line: text('line').$type<TFaxLine>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** The pages the far end confirmed on this call, from `firstPage` on. */
    pagesSent: integer('pages_sent').notNull().default(0),
    /** The page the call began with: a retry after a call that ended partway sends only the pages not confirmed. */
    firstPage: integer('first_page').notNull().default(1),
    /** delivered, partially_delivered or a failure reason; null while the call is in progress. */
    result: text('result'),
    /** The fax image as this call carried it, header lines included (encrypted): what a transmission report proves. */
    imageKey: text('image_key'),
    /** The T.30 session as the line saw it (speed, ECM, remote id, completion code); null when no call was made. */
    call: jsonb('call').$type<TFaxCallDetails>(),
    /**
     * The line's own code for how the try ended (a carrier's failure reason or error code, HylaFAX's status words),
     * kept for support beside `result`, its class in the one taxonomy (decision 119); null when the line gave none.
     */
    lineCode: text('line_code'),
    /** A carrier's id of the fax this try handed to it (decision 056): its webhooks end the try. */
    carrierFaxId: text('carrier_fax_id'),
    /**
     * The try was cut short by the death of the worker that made it, not by the line (decision 081): a few such tries
     * are not counted against the fax's retries.
     */
    interrupted: boolean('interrupted').notNull().default(false),
  },
  (table) => [
    uniqueIndex('fax_attempts_fax_number_idx').on(table.faxId, table.number),
    index('fax_attempts_carrier_fax_idx').on(table.line, table.carrierFaxId),
    // A line's health (admin/line-health.ts): its recent tries, and its last success.
    index('fax_attempts_line_ended_idx').on(table.line, table.endedAt),
  ],
);

/**
 * Each webhook a carrier sent, stored once by its own event id (decision 056): one sent twice changes nothing. Kept
 * with its payload, the record of what the carrier said.
 */
export const carrierEvents = pgTable(
  'carrier_events',
  {
    carrier: text('carrier').$type<TFaxLine>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    carrierFaxId: text('carrier_fax_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.carrier, table.eventId] })],
);

/**
 * How many faxes each history tab holds, kept by a trigger on `faxes` in the same transaction as every insert, delete
 * and change (migration 0009): per account (`userId` '') and per sender, so that no request counts rows.
 */
export const faxTallies = pgTable(
  'fax_tallies',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** '' for the whole account; a person's id for the faxes they sent. */
    userId: text('user_id').notNull(),
    direction: text('direction').$type<TFaxDirection>().notNull(),
    faxes: integer('faxes').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId, table.direction] })],
);

/**
 * How many of an account's faxes share one searchable text, status and read state (kept by a trigger on `faxes` in the
 * same transaction as every change, migration 0012). A correspondent's faxes fall on a few rows, so a search counts
 * its matches here instead of over the faxes. A row goes with its last fax: a deleted fax leaves no number or name.
 */
export const faxSearchTallies = pgTable(
  'fax_search_tallies',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The sender of an outbound fax ('' when none), so that a User's search counts the faxes they sent. */
    userId: text('user_id').notNull(),
    direction: text('direction').$type<TFaxDirection>().notNull(),
    status: text('status').$type<TFaxStatus>().notNull(),
    /** A received fax not yet opened. */
    unread: boolean('unread').notNull(),
    searchText: text('search_text').notNull(),
    faxes: integer('faxes').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'fax_search_tallies_pk',
      columns: [table.accountId, table.direction, table.userId, table.status, table.unread, table.searchText],
    }),
  ],
);

/**
 * The words read on a fax's pages as PostgreSQL's full-text search holds them (`to_tsvector` in the text's language,
 * whose configuration is kept beside them), one row a fax once read: the history's search inside faxes. Apart from
 * `faxes` so that reading a fax never carries them; the text itself is the encrypted file of `faxes.text_key`. Indexed
 * by account, direction and words together (btree_gin, migration 0009): a word common in every account's faxes is
 * looked up in one account's tab (decision 100).
 */
export const faxTextWords = pgTable(
  'fax_text_words',
  {
    faxId: uuid('fax_id')
      .primaryKey()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    direction: text('direction').$type<TFaxDirection>().notNull(),
    configuration: text('configuration').notNull(),
    words: tsvector('words').notNull(),
  },
  (table) => [index('fax_text_words_account_words_idx').using('gin', table.accountId, table.direction, table.words)],
);
