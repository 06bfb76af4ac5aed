import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './schema';

/**
 * An account's password and sign-in rules, stricter than the platform's (decision 109). No row: the platform's (the
 * shortest password PASSWORD_MIN_LENGTH, two-factor sign-in as each person chooses). A HIPAA plan writes its defaults.
 */
export const accountSecurityPolicies = pgTable('account_security_policies', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  passwordMinLength: integer('password_min_length').notNull(),
  requireTwoFactor: boolean('require_two_factor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
