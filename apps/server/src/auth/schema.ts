import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * People, sessions and credentials. The shapes are those Better Auth expects of its models (user, session, account,
 * verification and the username, admin and two-factor plugins' fields); the table names are ours. Better Auth's
 * "account" (a credential) is `auth_credentials` here, because in Faxline an account is the customer
 * (see accounts/schema.ts).
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-case: addresses are unique without regard to case. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').unique(),
    displayUsername: text('display_username'),
    /** Platform role: 'admin' runs the back office; everyone else is 'user'. */
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    /** Set by the account owner for a sub-user: two-factor sign-in must be set up at the first sign-in. */
    twoFactorSetupRequired: boolean('two_factor_setup_required').notNull().default(false),
    /** The person's account requires two-factor sign-in of everyone (kept in step by accounts/security-policy.ts). */
    twoFactorRequiredByAccount: boolean('two_factor_required_by_account').notNull().default(false),
    /**
     * The person signed in with a password weaker than their account's policy now asks: nothing but choosing another
     * works until they do. Cleared by the database whenever their password is set (the migration's trigger).
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** The language of this person's e-mails and generated documents. */
    language: text('language').notNull().default('en'),
    /** The IANA time zone of the dates and times this person is shown; null: their browser's (e-mails: the account's). */
    timeZone: text('time_zone'),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    activeOrganizationId: text('active_organization_id'),
    /** The session's last request, written at most once a minute (auth/last-seen.ts); null until its first use. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const authCredentials = pgTable(
  'auth_credentials',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** The password hash (scrypt, Better Auth's default). */
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('auth_credentials_user_id_idx').on(table.userId)],
);

/** Single-use tokens (e-mail confirmation, password reset). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier), index('verifications_expires_at_idx').on(table.expiresAt)],
);

export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  verified: boolean('verified').default(false),
  failedVerificationCount: integer('failed_verification_count').default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Authenticator codes already accepted, so that one code signs in once only (a code stays valid for its 30 s step and
 * the clock tolerance around it). Rows older than that window are useless and purged with the verification tokens.
 */
export const usedTotpCodes = pgTable(
  'used_totp_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * Failed sign-ins per identifier (the e-mail or username typed, whether or not it exists, so that the delay tells
 * nothing). Each failure past the free ones doubles the wait before the next try.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  identifier: text('identifier').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
