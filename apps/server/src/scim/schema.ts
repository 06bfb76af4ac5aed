import type { TGivenRole } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountMembers, accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { inboxes } from '../inboxes/schema';

/**
 * An account's SCIM bearer tokens (decision 107): the secret is shown once and kept only as its SHA-256, as API keys
 * are (32 random bytes: nothing to guess). A token acts for its account alone, as the identity provider.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The start of the secret (`fl_scim_` and 8 characters), shown in the list and named by the audit trail. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** Who made it; null once they are gone (the token is the account's, not theirs). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('scim_tokens_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * What the identity provider calls a member of the account, beside the person: its userName (unique in the account,
 * without regard to case, RFC 7643 §4.1.1), its externalId and the parts of the name. A member without a row here is
 * still a SCIM User, whose userName is their e-mail address.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('scim_users_account_user_name_idx').on(table.accountId, sql`lower(${table.userName})`),
    index('scim_users_account_external_idx').on(table.accountId, table.externalId),
    // Only a member of the account has a SCIM identity in it; the place goes, the identity goes.
    foreignKey({
      name: 'scim_users_account_member_fk',
      columns: [table.accountId, table.userId],
      foreignColumns: [accountMembers.organizationId, accountMembers.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * The identity provider's groups. A group maps to a member role (never owner), to a shared inbox (its members are the
 * inbox's), or to nothing (kept and listed, changing nothing); the owner chooses in /user/settings.
 */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    role: text('role').$type<TGivenRole>(),
    /** An inbox deleted takes the mapping with it, not the group. */
    inboxId: uuid('inbox_id').references(() => inboxes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('scim_groups_account_name_idx').on(table.accountId, sql`lower(${table.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('scim_group_members_user_idx').on(table.userId),
    foreignKey({
      name: 'scim_group_members_account_member_fk',
      columns: [table.accountId, table.userId],
      foreignColumns: [accountMembers.organizationId, accountMembers.userId],
    }).onDelete('cascade'),
  ],
);
