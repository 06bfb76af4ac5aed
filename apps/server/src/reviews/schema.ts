import type { TReviewStatus } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/**
 * Customers' reviews of Faxline (spec 000 /reviews, /write-review; decision 115): one per account, written by one of its
 * members, shown on the site only once the back office approved it. The name shown is the writer's own (read from their
 * profile when shown), so that no review is ever attributed to someone who did not write it; a writer who leaves
 * Faxline takes their review with them.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The writer's company as they gave it; empty when none. */
    company: text('company').notNull().default(''),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    /** pending until the back office approves it; any edit by its writer sends it back to pending. */
    status: text('status').$type<TReviewStatus>().notNull().default('pending'),
    /** The back office's public answer, shown under the review; null when none. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    moderatedByUserId: text('moderated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One review per account, whoever of its members writes it.
    uniqueIndex('reviews_account_idx').on(table.accountId),
    // The public page: approved reviews, newest first.
    index('reviews_status_created_idx').on(table.status, table.createdAt),
    check('reviews_rating_range', sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);
