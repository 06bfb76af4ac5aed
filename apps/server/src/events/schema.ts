import type { TPlatformEventType, TRecordedFaxEventType } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { faxes } from '../faxes/schema';

/**
 * The outbox of fax events: a trigger on `faxes` writes one row per state change in the transaction that
 * made it (migration 0021), so no code path can change a fax without its event. The relay hands each row to its
 * consumers' jobs and marks it dispatched; the app's notifications read the rows directly.
 */
export const faxEvents = pgTable(
  'fax_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    faxId: uuid('fax_id')
      .notNull()
      .references(() => faxes.id, { onDelete: 'cascade' }),
    /** Who sent the fax (null for a received one): whose confirmation and whose notification it is. */
    userId: text('user_id'),
    type: text('type').$type<TRecordedFaxEventType>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the relay queued its consumers' jobs; null until then. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    index('fax_events_undispatched_idx')
      .on(table.createdAt)
      .where(sql`${table.dispatchedAt} IS NULL`),
    index('fax_events_account_idx').on(table.accountId, table.createdAt),
    index('fax_events_fax_idx').on(table.faxId),
    // The last hour's faxes that ended, by how, for /metrics.
    index('fax_events_created_idx').on(table.createdAt),
  ],
);

/** Events across the platform for the back office's bell: sign-ups, tickets, failures, endpoints. */
export const platformEvents = pgTable(
  'platform_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<TPlatformEventType>().notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** What it is about: the account, ticket, fax or endpoint id. Unique per type, so a second report adds nothing. */
    subjectId: text('subject_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('platform_events_created_idx').on(table.createdAt),
    uniqueIndex('platform_events_subject_idx').on(table.type, table.subjectId),
  ],
);
