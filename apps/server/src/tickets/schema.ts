import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TTicketAuthor } from '@faxline/shared';
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

/** The thread of a ticket after its opening message: replies by admins (and, later, by the person). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt)],
);
