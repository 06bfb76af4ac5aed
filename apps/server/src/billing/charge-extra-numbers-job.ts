import { z } from 'zod';
import { defineJob } from '../job-deps';
import { clock } from '../platform/clock';
import { chargeAllExtraNumbers } from './extra-numbers';

/**
 * Each day, the numbers held beyond a plan whose new month has begun are charged for it (decision 112): one row per
 * number and month, so a day run twice, or a number added today, charges nothing twice.
 */
export const chargeExtraNumbersJob = defineJob({
  name: 'billing.charge-extra-numbers',
  schema: z.object({}).strict(),
  cron: '17 3 * * *',
  queue: { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  handler: async (_data, { db, queue, logger }) => {
    const charged = await chargeAllExtraNumbers(db, queue, clock.now());
    if (charged > 0) logger.info({ charged }, 'months of numbers beyond the plan charged');
  },
});
