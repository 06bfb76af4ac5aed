import type { TRuleActions, TRuleCondition } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountMembers, accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/** An account's shared inboxes (departments, decision 103): its received faxes are in one of them, or in none. */
export const inboxes = pgTable(
  'inboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('inboxes_account_name_idx').on(table.accountId, sql`lower(${table.name})`)],
);

/**
 * Who sees an inbox's faxes besides the account's owner and sub-admins. `account_id` is kept beside the pair so that a
 * change notifies the account's history caches (migration 0054), as a change of members does.
 */
export const inboxMembers = pgTable(
  'inbox_members',
  {
    inboxId: uuid('inbox_id')
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.inboxId, table.userId] }),
    index('inbox_members_user_idx').on(table.userId, table.inboxId),
    // Only a member of the account belongs to its inboxes: the database's own rule, whatever code writes the row.
    foreignKey({
      name: 'inbox_members_account_member_fk',
      columns: [table.accountId, table.userId],
      foreignColumns: [accountMembers.organizationId, accountMembers.userId],
    }).onDelete('cascade'),
  ],
);

/** The inbox each of an account's numbers files its received faxes in, unless a rule places them elsewhere. */
export const inboxNumbers = pgTable(
  'inbox_numbers',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    inboxId: uuid('inbox_id')
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.phoneNumber] })],
);

/**
 * An account's routing rules (decision 104), looked at in `position` order when a received fax lands: the first whose
 * conditions all hold places it. Conditions and actions are the shared contracts' shapes, validated on every write.
 */
export const routingRules = pgTable(
  'routing_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    conditions: jsonb('conditions').$type<TRuleCondition[]>().notNull(),
    actions: jsonb('actions').$type<TRuleActions>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('routing_rules_account_position_idx').on(table.accountId, table.position)],
);
