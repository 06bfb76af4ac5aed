import nodemailer from 'nodemailer';
import { z } from 'zod';
import { defineJob } from '../platform/queue/define-job';
import { mailboxMessages } from './schema';

export const ZEmail = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().min(1),
});
export type TEmail = z.infer<typeof ZEmail>;

/**
 * E-mail goes out through a job, so that a slow or failing relay never fails the request that asked for it, and a
 * message accepted is retried rather than lost. With an SMTP relay it is sent; without one (the embedded default) it
 * is kept in the database for /dev/mailbox.
 */
export const sendEmailJob = defineJob({
  name: 'email.send',
  schema: ZEmail,
  queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  pollingIntervalSeconds: 1,
  handler: async (email, { db, config, logger }) => {
    if (config.smtpUrl) {
      const transport = nodemailer.createTransport(config.smtpUrl);
      await transport.sendMail({ from: config.mailFrom, ...email });
      logger.info({ to: email.to, subject: email.subject }, 'e-mail sent');
      return;
    }
    await db.insert(mailboxMessages).values(email);
    logger.info({ to: email.to, subject: email.subject }, 'e-mail kept in the local mailbox');
  },
});
