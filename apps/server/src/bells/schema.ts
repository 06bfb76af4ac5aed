import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { faxEvents, platformEvents } from '../events/schema';

/** The fax events a person has seen in the app's notifications list. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => faxEvents.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventId] })],
);

/** The platform events an operator has seen in the bell. */
export const platformEventReads = pgTable(
  'platform_event_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => platformEvents.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventId] })],
);

/**
 * What the user area's bell tells an account's members beside fax events, for things that are not (yet) a fax: today a
 * fax an agent sent that waits for approval (decision 135). Written by its owner in the transaction that makes the
 * thing; resolved (no longer news to anyone) when someone has dealt with it.
 */
export const accountNotices = pgTable(
  'account_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').$type<'agent_fax.waiting'>().notNull(),
    /** The thing it is about (the held send's id). */
    objectId: uuid('object_id').notNull(),
    /** What the bell's sentence says of it: the agent's name, the first recipient and how many there are. */
    details: jsonb('details').$type<{ agentName: string; number: string; recipients: number }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('account_notices_account_idx').on(table.accountId, table.createdAt),
    index('account_notices_object_idx').on(table.objectId),
  ],
);
