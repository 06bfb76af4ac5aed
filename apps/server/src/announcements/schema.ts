import type { TAnnouncementEmailOutcome, TAnnouncementKind, TAnnouncementTexts, TLanguage } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/**
 * The back office's notices to customers (decision 118). A row is written with the job that fans it out, in one
 * transaction, like an outbox row: the fan-out runs once it commits, and `listedAt` says it has listed everyone.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TAnnouncementKind>().notNull(),
    /** The plan whose accounts' people it reaches; null: every customer. Kept as an id: a plan is archived, never deleted. */
    planId: text('plan_id'),
    texts: jsonb('texts').$type<TAnnouncementTexts>().notNull(),
    /** When its banner comes down. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the fan-out finished listing the people it reaches (null while it runs). */
    listedAt: timestamp('listed_at', { withTimezone: true }),
  },
  (table) => [index('announcements_ends_at_idx').on(table.endsAt)],
);

/**
 * The record of who was sent what: one row per person and account an announcement reached, written with the e-mail's
 * job (or without one when the person declined such notices or cannot be written to), so that a fan-out run again
 * after its worker died sends nobody a second copy. The banner reads it too: a person sees the announcements listed
 * for them.
 */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The address as it was when sent: the record says where it went even after the person changes theirs. */
    address: text('address').notNull(),
    /** The language of the words sent: the person's, or English when the admin did not write theirs. */
    language: text('language').$type<TLanguage>().notNull(),
    outcome: text('outcome').$type<TAnnouncementEmailOutcome>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.announcementId, table.userId] }),
    // The banners of a person: their rows not dismissed.
    index('announcement_deliveries_user_idx')
      .on(table.userId)
      .where(sql`${table.dismissedAt} IS NULL`),
  ],
);
