import type { TEmailAuthPolicy } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';

/**
 * An account's e-mail to fax (issue 19): the addresses besides its people that may send for it (lower-case), how
 * strictly senders' domains are checked (null: the service's default), and whether a message's body is the cover's.
 */
export const emailToFaxSettings = pgTable(
  'email_to_fax_settings',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    allowedSenders: text('allowed_senders')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authPolicy: text('auth_policy').$type<TEmailAuthPolicy>(),
    includeBody: boolean('include_body').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_to_fax_settings_senders_idx').using('gin', table.allowedSenders)],
);
