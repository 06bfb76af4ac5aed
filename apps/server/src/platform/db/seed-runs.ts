import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** Seeds that have run on this database, so that each runs once however often the server starts. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Claims a seed for this database: true the first time only. Called in the transaction that writes the seed, so that
 * two servers starting together seed once, and a seed that failed is claimed again at the next start.
 */
export async function claimSeedRun(db: Pick<Database, 'insert'>, name: string): Promise<boolean> {
  const claimed = await db.insert(seedRuns).values({ name }).onConflictDoNothing().returning();
  return claimed.length > 0;
}
