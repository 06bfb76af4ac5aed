import type { TPortingCarrier, TPortingHolder, TPortingStatus } from '@faxline/shared';
import { date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/**
 * A request to port numbers into an account (decision 113): the numbers, the holder as on the bill, the bill and the
 * signed letter of authorisation (both encrypted in the file store), and where the back office has taken it.
 */
export const portingRequests = pgTable(
  'porting_requests',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    numbers: text('numbers').array().notNull(),
    status: text('status').$type<TPortingStatus>().notNull().default('submitted'),
    holder: jsonb('holder').$type<TPortingHolder>().notNull(),
    /** The letter of authorisation: the name typed, the day given, its language, and its PDF in the file store. */
    signedName: text('signed_name').notNull(),
    signedOn: date('signed_on').notNull(),
    language: text('language').notNull(),
    loaFileKey: text('loa_file_key').notNull(),
    loaSha256: text('loa_sha256').notNull(),
    billFileKey: text('bill_file_key').notNull(),
    billFileName: text('bill_file_name').notNull(),
    billContentType: text('bill_content_type').notNull(),
    portDate: date('port_date'),
    rejectionReason: text('rejection_reason'),
    /** The carrier the port order went to, its id there and its last status in the carrier's words; null by hand. */
    carrier: text('carrier').$type<TPortingCarrier>(),
    carrierOrderId: text('carrier_order_id'),
    carrierStatus: text('carrier_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('porting_requests_account_idx').on(table.accountId, table.createdAt),
    index('porting_requests_status_idx').on(table.status, table.createdAt),
  ],
);
