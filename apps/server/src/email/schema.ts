import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Outgoing e-mail kept in the database when no SMTP relay is configured (the embedded default), for /dev/mailbox. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sender it left with (the back office's defaultEmail, or MAIL_FROM); null for messages kept before it was. */
    from: text('from'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The attachments' names, types and sizes (the files themselves are not kept here). */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number }[]>().notNull().default([]),
    /** Where an answer goes when it is not the sender (a support reply's signed address: tickets/ticket-reply-address.ts). */
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mailbox_messages_to_idx').on(table.to)],
);

/**
 * The tries of each e-mail that has a Message-ID (decision 051): a run that finds its e-mail handed over sends nothing,
 * and one that finds a try started and never ended counts that try as interrupted (its worker died mid-handover, so
 * the relay may have it) before sending again under the same Message-ID.
 */
export const emailHandovers = pgTable('email_handovers', {
  messageId: text('message_id').primaryKey(),
  tries: integer('tries').notNull().default(0),
  interruptedTries: integer('interrupted_tries').notNull().default(0),
  tryStartedAt: timestamp('try_started_at', { withTimezone: true }),
  tryEndedAt: timestamp('try_ended_at', { withTimezone: true }),
  lastError: text('last_error'),
  handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
});
