import type { TFaxQuality } from '@faxline/shared';
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** A person's preferences (spec 001 §2.5); a person without a row has the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  faxReceived: boolean('fax_received').notNull().default(true),
  faxSentConfirmation: boolean('fax_sent_confirmation').notNull().default(true),
  promotionalOffers: boolean('promotional_offers').notNull().default(false),
  /** Maintenance and incident notices from the back office by e-mail (decision 118). */
  serviceNotices: boolean('service_notices').notNull().default(true),
  defaultFaxQuality: text('default_fax_quality').$type<TFaxQuality>().notNull().default('standard'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
