import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from '../auth/schema';

/** A platform admin's back-office access on one session: granted by re-entering the password, ends after 30 min idle. */
export const adminStepUps = pgTable(
  'admin_step_ups',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId] })],
);
