import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import type { TBillingProvider } from './schema';

/**
 * A month of a fax number beyond the plan's allowance (decision 112): one row per number and month, written before the
 * provider is asked, so that a month is billed once however many times the monthly sweep or the add runs. `item_id`
 * is the provider's invoice item once it has it.
 */
export const numberCharges = pgTable(
  'number_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    /** The month paid for starts when the number was added, and again on the same day of each month after. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    cents: integer('cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').$type<TBillingProvider>(),
    itemId: text('item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('number_charges_month_idx').on(table.accountId, table.phoneNumber, table.periodStart),
    index('number_charges_account_idx').on(table.accountId, table.periodStart),
  ],
);
