import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/**
 * An account's data export (decision 110): asked for by its owner, built by a job into one ZIP kept encrypted in the
 * file store, e-mailed as a link, downloadable by an owner of the account until `expiresAt`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['building', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('building'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The ZIP in the file store, once built; removed when the export expires. */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    faxCount: integer('fax_count'),
  },
  (table) => [
    index('data_exports_account_idx').on(table.accountId, table.requestedAt),
    check('data_exports_status', sql`${table.status} IN ('building', 'ready', 'failed', 'expired')`),
  ],
);
