import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Outgoing e-mail kept in the database when no SMTP relay is configured (the embedded default), for /dev/mailbox. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The attachments' names, types and sizes (the files themselves are not kept here). */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mailbox_messages_to_idx').on(table.to)],
);
