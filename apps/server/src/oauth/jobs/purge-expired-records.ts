import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../job-deps';
import type { Database } from '../../platform/db/client';
import { oauthRecords } from '../schema';

/**
 * The authorization server's records past their expiry (codes, tokens, sessions, interactions, grants): oidc-provider
 * never uses them again, so they go. Registered clients carry no expiry and stay.
 */
export async function deleteExpiredOAuthRecords(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.delete(oauthRecords).where(lt(oauthRecords.expiresAt, now)).returning({ id: oauthRecords.id });
  return deleted.length;
}

export const purgeExpiredOAuthRecordsJob = defineJob({
  name: 'oauth.purge-expired-records',
  schema: z.object({}).strict(),
  cron: '23 * * * *', // hourly, off the top of the hour and off the other purges
  queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 300 },
  handler: async (_data, { db, logger }) => {
    const count = await deleteExpiredOAuthRecords(db);
    logger.info({ count }, 'expired OAuth records purged');
  },
});
