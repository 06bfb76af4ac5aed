import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../job-deps';
import type { Database } from '../../platform/db/client';
import { apiIdempotency } from '../schema';

/**
 * The Idempotency-Key answers past their day (idempotency.ts replays none older): a key's answer holds a fax's
 * numbers, so it is not kept longer than it serves, and with no foreign key to its caller this is what removes it.
 */
export async function deleteSpentIdempotencyRecords(db: Database): Promise<number> {
  const deleted = await db
    .delete(apiIdempotency)
    .where(sql`${apiIdempotency.createdAt} < now() - interval '24 hours'`)
    .returning({ key: apiIdempotency.key });
  return deleted.length;
}

export const purgeSpentIdempotencyJob = defineJob({
  name: 'public-api.purge-spent-idempotency',
  schema: z.object({}).strict(),
  cron: '41 * * * *', // hourly, off the top of the hour and off the other purges
  queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 300 },
  handler: async (_data, { db, logger }) => {
    const count = await deleteSpentIdempotencyRecords(db);
    logger.info({ count }, 'spent idempotency answers purged');
  },
});
