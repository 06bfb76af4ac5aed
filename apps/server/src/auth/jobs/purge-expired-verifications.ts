import { z } from 'zod';
import { defineJob } from '../../job-deps';
import { purgeUsedTotpCodes } from '../used-totp-codes';
import { deleteExpiredVerifications } from '../verifications';

export const purgeExpiredVerificationsJob = defineJob({
  name: 'auth.purge-expired-verifications',
  schema: z.object({}).strict(),
  cron: '17 * * * *', // hourly, off the top of the hour
  queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 300 },
  handler: async (_data, { db, logger }) => {
    const count = await deleteExpiredVerifications(db);
    const codes = await purgeUsedTotpCodes(db);
    logger.info({ count, codes }, 'expired verification tokens and used authenticator codes purged');
  },
});
