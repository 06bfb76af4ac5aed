import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Single-use tokens (e-mail confirmation, password reset, sign-in codes). The shape is the one Better Auth expects of
 * its `verification` table, so the accounts capability builds on it unchanged.
 */
export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier), index('verification_expires_at_idx').on(table.expiresAt)],
);
