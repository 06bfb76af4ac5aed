import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TTicketAttachmentType, TTicketAuthor, TTicketMessageVia } from '@faxline/shared';
import { users } from '../auth/schema';

/**
 * Support tickets: messages from the contact form, by visitors or signed-in people (then linked to them). `message`
 * opens the thread; replies are in ticket_messages. Statuses and priorities are those of spec 001 §3.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').$type<'contact_form' | 'portal'>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The person, when the ticket was opened while signed in. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    department: text('department').$type<'sales' | 'support' | 'billing' | 'general'>().notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'open' | 'in_progress' | 'closed'>().notNull().default('open'),
    priority: text('priority').$type<'low' | 'medium' | 'high'>().notNull().default('medium'),
    language: text('language').notNull().default('en'),
    /** The platform admin looking after it. */
    assigneeUserId: text('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_tickets_status_idx').on(table.status),
    index('support_tickets_email_idx').on(table.email),
    index('support_tickets_updated_at_idx').on(table.updatedAt),
    index('support_tickets_assignee_idx').on(table.assigneeUserId),
  ],
);

/** The thread of a ticket after its opening message: replies by admins and by the person (in the portal or by e-mail). */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author').$type<TTicketAuthor>().notNull(),
    /** The admin who replied; null for the person, or once the admin's account is gone. */
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the thread still says who wrote, should the account go. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** Where it was written: in the portal or the back office (`web`), or as an e-mail through the SMTP gateway. */
    via: text('via').$type<TTicketMessageVia>().notNull().default('web'),
    /** An e-mailed reply's Message-ID: the same message delivered again (a client that missed our 250) adds nothing. */
    emailMessageId: text('email_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt),
    uniqueIndex('ticket_messages_email_message_idx')
      .on(table.ticketId, table.emailMessageId)
      .where(sql`${table.emailMessageId} is not null`),
  ],
);

/**
 * Files the person sent with a reply, checked as the send form's uploads are (check-attachments.ts) and kept
 * encrypted in the file store like fax documents; `fileKey` names the stored file.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TTicketAttachmentType>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileKey: text('file_key').notNull(),
    fileSha256: text('file_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_attachments_message_idx').on(table.messageId), index('ticket_attachments_ticket_idx').on(table.ticketId)],
);
