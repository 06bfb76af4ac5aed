import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Seeds that have run on this database, so that each runs once however often the server starts. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
