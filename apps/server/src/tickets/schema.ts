import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * Support tickets: from the public contact form now, from signed-in people and the back office later. Statuses and
 * priorities are those of spec 001 §3.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_tickets_status_idx').on(table.status), index('support_tickets_email_idx').on(table.email)],
);
