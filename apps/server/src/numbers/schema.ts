import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';

/** The fax number inventory (spec 001 §3 `fax_numbers`): each number available, or assigned to an account. */
export const faxNumbers = pgTable(
  'fax_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull().unique(),
    numberType: text('number_type').notNull().default('local'),
    provider: text('provider').notNull().default('faxline'),
    countryCode: text('country_code'),
    status: text('status').$type<'available' | 'assigned'>().notNull().default('available'),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The station id (T.30 TSI, at most 20 characters) faxes from this number give; null: the number itself. */
    stationId: text('station_id'),
    /** Addresses besides the account's people that receive the faxes arriving at this number by e-mail. */
    emailRecipients: text('email_recipients').array().notNull().default([]),
    /** The carrier's id of a number ordered from it (`provider` names the carrier): what giving it back needs. */
    carrierNumberId: text('carrier_number_id'),
    /**
     * Set when a customer releases the number: until then nobody may take it (decision 112), so that faxes meant for
     * its last holder do not reach someone else at once. Null: never quarantined, or the quarantine is over.
     */
    quarantinedUntil: timestamp('quarantined_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('fax_numbers_account_idx').on(table.accountId), index('fax_numbers_status_idx').on(table.status)],
);
