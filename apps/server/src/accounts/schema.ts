import type { TMemberRole } from '@faxline/shared';
import { boolean, index, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * The customer: the plan, quota, numbers and faxes belong to an account; people are its members (DESIGN.md). Better
 * Auth's organization plugin manages these tables as its `organization`, `member` and `invitation` models.
 */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  /** The plan whose pages this account uses (DESIGN.md "Plans"); the Basic plan when it signs up. */
  planId: text('plan_id'),
  /**
   * The header line fax machines print above each page: whether to print it, the name on it (null: the
   * account's name), and the time zone of its date and time (an IANA name).
   */
  faxHeaderEnabled: boolean('fax_header_enabled').notNull().default(true),
  faxHeaderName: text('fax_header_name'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Whether a received fax is e-mailed as an attachment; off: a notice with a sign-in link instead. */
  documentsInEmail: boolean('documents_in_email').notNull().default(true),
  /** Whether the words of the account's faxes are read (fax-text/, decision 099): off until the account turns it on. */
  readsFaxText: boolean('reads_fax_text').notNull().default(false),
  /** A received fax classified less sure than this (0 to 1) waits in the review queue (decision 102). */
  reviewBelow: real('review_below').notNull().default(0.6),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Membership roles: the owner, and the sub-user roles of spec 001 §2.8 (User, Admin, Billing) in lower case. */
export const accountMembers = pgTable(
  'account_members',
  {
    id: text('id').primaryKey(),
    organizationId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<TMemberRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while the account's identity provider has deactivated the person (SCIM, decision 107): they keep their place,
     * so their faxes keep their sender and they can be reactivated, but every request of theirs is refused.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When the person's sessions were last ended by a deactivation: a session copy made before is refused, reactivated or not. */
    sessionsEndedAt: timestamp('sessions_ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('account_members_account_user_idx').on(table.organizationId, table.userId),
    index('account_members_user_idx').on(table.userId),
  ],
);

export const accountInvitations = pgTable('account_invitations', {
  id: text('id').primaryKey(),
  organizationId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role'),
  status: text('status').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  inviterId: text('inviter_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** These tables as Better Auth's organization plugin names them, handed to it where it is made (auth/auth.ts). */
export const organizationTables = { organization: accounts, member: accountMembers, invitation: accountInvitations };
