import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/** An account's blocked numbers and prefixes: refused as callers and as recipients. */
export const accountBlocklist = pgTable(
  'account_blocklist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** E.164 digits from the start: a whole number, or the start of the numbers it blocks. */
    prefix: text('prefix').notNull(),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also what finds an account's entries: every check reads them all (a few hundred at most).
  (table) => [uniqueIndex('account_blocklist_account_prefix_idx').on(table.accountId, table.prefix)],
);
