import { z } from 'zod';
import { defineJob } from '../../job-deps';
import { RETENTION_CRON, runRetention } from '../run-retention';

/** Once a day (RETENTION_RUN_UTC), the content of faxes past their account's or inbox's period goes (decision 108). */
export const retentionDailyJob = defineJob({
  name: 'retention.daily',
  schema: z.object({}).strict(),
  cron: RETENTION_CRON,
  // A run cut short is run again whole: what it had done is not done twice (every fax it cleared is marked).
  queue: { retryLimit: 5, retryDelay: 300, retryBackoff: true, expireInSeconds: 6 * 60 * 60 },
  handler: async (_data, { db, files, logger }) => {
    const cleared = await runRetention({ db, files });
    logger.info({ cleared }, 'retention run: content of faxes past their period deleted');
  },
});
