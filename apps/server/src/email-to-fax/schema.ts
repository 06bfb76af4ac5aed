import type { TEmailAuthPolicy } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/**
 * An account's e-mail to fax: how strictly senders' domains are checked (null: the service's default), and
 * whether a message's body is the cover's. The addresses it allows are `email_to_fax_senders`.
 */
export const emailToFaxSettings = pgTable('email_to_fax_settings', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  authPolicy: text('auth_policy').$type<TEmailAuthPolicy>(),
  includeBody: boolean('include_body').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An outside address an account asked to send faxes by e-mail (lower-case), `pending` until its owner follows the
 * link sent to it (decision 064). The link's secret is kept as its SHA-256 only, and cleared once used. An address is
 * active for one account at a time (the partial unique index); several may ask for it meanwhile.
 */
export const emailToFaxSenders = pgTable(
  'email_to_fax_senders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    status: text('status').$type<'pending' | 'active'>().notNull().default('pending'),
    tokenHash: text('token_hash'),
    /** When the current link stops working; null once confirmed, or while no link was ever sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last link was sent: another waits a few minutes. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_to_fax_senders_account_address_idx').on(table.accountId, table.address),
    uniqueIndex('email_to_fax_senders_active_address_idx')
      .on(table.address)
      .where(sql`${table.status} = 'active'`),
    uniqueIndex('email_to_fax_senders_token_idx').on(table.tokenHash),
    index('email_to_fax_senders_address_idx').on(table.address),
  ],
);
