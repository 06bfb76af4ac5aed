import type { TApiKeyScope } from '@faxline/shared';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';

/**
 * What the authorization server (oidc-provider, decision 130) keeps: its registered clients, grants, codes, tokens,
 * sessions and interactions, one row each, by model and id, as its adapter interface asks. Tokens are kept by their id
 * (oidc-provider's opaque tokens are their id); `grant_id` lets a grant's tokens be revoked at once.
 */
export const oauthRecords = pgTable(
  'oauth_records',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oauth_records_grant_idx').on(table.grantId),
    index('oauth_records_uid_idx').on(table.uid),
    index('oauth_records_expires_idx').on(table.expiresAt),
  ],
);

/**
 * An app a person allowed to act for their account ("Connected apps" in /user/api-keys): the grant it holds, the
 * scopes given, its last use (at most once a minute, as an API key's), and its revocation.
 */
export const oauthConnections = pgTable(
  'oauth_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    clientName: text('client_name').notNull(),
    grantId: text('grant_id').notNull().unique(),
    scopes: text('scopes').array().$type<TApiKeyScope[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('oauth_connections_account_idx').on(table.accountId, table.createdAt)],
);
