import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TStationWarning } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';

/** An account's address book: the portal's Contacts page, the send form's suggestions, /v1/contacts. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** E.164. */
    faxNumber: text('fax_number').notNull(),
    company: text('company'),
    email: text('email'),
    notes: text('notes'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The station id (CSI) its fax machine is expected to announce; null: none kept (decision 121). */
    stationId: text('station_id'),
    /** The last time its number answered with another station id (after the fact, or refused as wrong-station). */
    stationWarning: jsonb('station_warning').$type<TStationWarning>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What a search matches (name, number, company, e-mail), lower case, as faxes.search_text. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || chr(31) || fax_number || chr(31) || coalesce(company, '') || chr(31) || coalesce(email, ''))`,
    ),
  },
  // An address book holds hundreds or thousands of entries: its account's rows in name order, searched as they are read.
  (table) => [index('contacts_account_name_idx').on(table.accountId, table.name, table.id)],
);
