import type { TLegalHoldScope } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { faxes } from '../faxes/schema';
import { inboxes } from '../inboxes/schema';

/**
 * An account's retention policy (decision 108): how many days its faxes keep their content (null: forever), and
 * zero-footprint mode. No row: never chosen, faxes kept forever.
 */
export const retentionPolicies = pgTable('retention_policies', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  days: integer('days'),
  zeroFootprint: boolean('zero_footprint').notNull().default(false),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shared inbox's own period, over its account's, for the received faxes in it (null days: forever). */
export const inboxRetentionPolicies = pgTable(
  'inbox_retention_policies',
  {
    inboxId: uuid('inbox_id')
      .primaryKey()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    days: integer('days'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inbox_retention_policies_account_idx').on(table.accountId)],
);

/**
 * Legal holds: on one fax, on a number (every fax to or from it) or on the whole account. A held fax keeps its content
 * whatever the policy or zero-footprint mode says. A hold is lifted, not deleted: who set and lifted it, when and why,
 * stays (and is in the audit trail).
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<TLegalHoldScope>().notNull(),
    faxId: uuid('fax_id').references(() => faxes.id, { onDelete: 'cascade' }),
    number: text('number'),
    reason: text('reason').notNull(),
    setBy: text('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
  },
  (table) => [
    // An account's holds in force: read at every run and every fax's details.
    index('legal_holds_active_idx')
      .on(table.accountId)
      .where(sql`${table.liftedAt} IS NULL`),
  ],
);
