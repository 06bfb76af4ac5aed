import { z } from 'zod';
import { defineJob } from '../../job-deps';
import { sendUnsentSenderLinks } from '../sender-links';

/**
 * Sends the confirmation links of waiting addresses that never had one: those allowed before addresses had to be
 * proven, which the migration left waiting (decision 064). Every five minutes, so that they go out soon after an upgrade.
 */
export const sendSenderLinksJob = defineJob({
  name: 'email-to-fax.send-sender-links',
  schema: z.object({}).strict(),
  cron: '*/5 * * * *',
  queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 300 },
  handler: async (_data, { db, queue, config, logger }) => {
    const count = await sendUnsentSenderLinks({ db, queue, publicUrl: config.publicUrl });
    if (count > 0) logger.info({ count }, 'e-mail to fax: confirmation links sent to addresses allowed before they had to be proven');
  },
});
