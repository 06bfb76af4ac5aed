import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Each backup taken, by `npm run backup` or the daily job, and how it ended (decision 110): the back office shows the
 * last one, and the daily job knows from it when the last automatic backup was taken.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['manual', 'automatic'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The folder or the s3:// address of the backup. */
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileCount: integer('file_count'),
    /** Why it failed, for the operator (the back office shows it). */
    error: text('error'),
  },
  (table) => [
    index('backup_runs_started_at_idx').on(table.startedAt),
    check('backup_runs_kind', sql`${table.kind} IN ('manual', 'automatic')`),
    check('backup_runs_status', sql`${table.status} IN ('running', 'succeeded', 'failed')`),
  ],
);
