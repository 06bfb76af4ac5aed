import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { faxEvents } from '../events/schema';

/**
 * What the fax e-mails did with each event, per address (webhooks keep theirs in `webhook_messages`): a row is written
 * with the job that sends the e-mail, in one transaction, so a consumer run again after its worker died sends nothing
 * twice.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => faxEvents.id, { onDelete: 'cascade' }),
    consumer: text('consumer').notNull(),
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.consumer, table.target] })],
);
