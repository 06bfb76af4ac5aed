import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The price of a page sent to another country (decision 096), per ISO 3166-1 country, in the plans' currency's cents:
 * charged on top of the plan's pages, on the plan's invoice. A country not listed is not sent to; +1 numbers (the
 * North American Numbering Plan) are within every plan and are never listed.
 */
export const internationalRates = pgTable('international_rates', {
  country: text('country').primaryKey(),
  centsPerPage: integer('cents_per_page').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
