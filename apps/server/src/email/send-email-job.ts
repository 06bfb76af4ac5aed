import { FAX_FAILURE_REASONS } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Database } from '../platform/db/client';
import { defineJob, type JobDeps } from '../job-deps';
import type { SqlExecutor } from '../platform/db/notifications';
import type { Queue } from '../platform/queue/define-job';
import { resolveFaxAttachments, ZFaxAttachment } from './fax-attachments';
import { emailHandovers, mailboxMessages } from './schema';

/** A header's value on one line: a line break in it would start a header of the caller's choosing. */
const ZHeaderValue = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^[^\r\n]*$/);

/** A Message-ID as a header names it: `<local@domain>`. */
const ZMessageIdValue = z
  .string()
  .max(250)
  .regex(/^<[^<>\s@]+@[^<>\s@]+>$/);

/**
 * The headers a notice may carry: its unsubscribe link (RFC 2369, RFC 8058) and RFC 3834's mark; a reply
 * to a message names the message it answers.
 */
const ZNoticeHeaders = z
  .object({
    'List-Unsubscribe': ZHeaderValue,
    'List-Unsubscribe-Post': z.literal('List-Unsubscribe=One-Click'),
    'Auto-Submitted': z.enum(['auto-generated', 'auto-replied']),
    'In-Reply-To': ZMessageIdValue,
    References: ZMessageIdValue,
    /** A fax's failure in the one taxonomy and whether another try may help (decision 119), as its webhook says. */
    'X-Faxline-Failure-Reason': z.enum(FAX_FAILURE_REASONS),
    'X-Faxline-Retryable': z.enum(['true', 'false']),
  })
  .partial();

export const ZEmail = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().min(1),
  /** A Message-ID made from what the e-mail is about, so that one sent again after a crash is known as the same. */
  messageId: ZMessageIdValue.optional(),
  headers: ZNoticeHeaders.optional(),
  /** Where the recipient's answer goes (a support reply's signed address), when not to the sender. */
  replyTo: z.email().optional(),
  /** Files of a fax, read from the file store when the e-mail is sent: a job's payload never holds a document. */
  attachments: z.array(ZFaxAttachment).max(5).optional(),
});
export type TEmail = z.input<typeof ZEmail>;

/**
 * E-mail goes out through a job, so that a slow or failing relay never fails the request that asked for it, and a
 * message accepted is retried rather than lost. With an SMTP relay it is sent; without one (the embedded default) it
 * is kept in the database for /dev/mailbox, with its attachments' names and sizes.
 */
export const sendEmailJob = defineJob({
  name: 'email.send',
  schema: ZEmail,
  queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  pollingIntervalSeconds: 1,
  // Exclusive, so that a send whose worker died is handed back within seconds (queue.ts, reclaimOrphans): one
  // message at a time per Message-ID, or per address for the e-mails that have none.
  exclusiveKey: (email) => `email.send:${email.messageId ?? email.to}`,
  handler: async (email, deps) => {
    const { db, config, files, faxFilesOf, systemSettings, logger } = deps;
    // Without a relay, e-mail is kept in this database, for /dev/mailbox (the embedded default).
    if (!config.smtpUrl) {
      await keepInLocalMailbox(deps, email);
      return;
    }
    const { attachments: references = [], ...message } = email;
    // A relay is another system: the try is written before the handover, so that one cut short is known (startTry).
    if (message.messageId && !(await startTry(db, message.messageId))) return;
    const attachments = await resolveFaxAttachments({ db, files, faxFilesOf }, references);
    if (!attachments) {
      logger.info({ to: message.to, subject: message.subject }, FAX_DELETED);
      return;
    }
    // Read when the e-mail leaves, so that a sender changed in the back office applies to every e-mail from then on.
    const from = await systemSettings.mailFrom(config.mailFrom);
    const transport = nodemailer.createTransport(config.smtpUrl);
    await endTry(db, message.messageId, () =>
      transport.sendMail({
        from,
        ...message,
        attachments: attachments.map(({ filename, contentType, content, cid }) => ({
          filename,
          contentType,
          content: Buffer.from(content),
          ...(cid ? { cid, contentDisposition: 'inline' as const } : {}),
        })),
        // Everything the message holds is given here: nothing is read from a path or a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
    );
    logger.info({ to: message.to, subject: message.subject }, 'e-mail sent');
  },
});

// The fax was deleted after its e-mail was asked for: its owner wanted it gone, so its document does not go out.
const FAX_DELETED = 'e-mail dropped: the fax it carries was deleted';

/** What handing an e-mail to the local mailbox reads: the fax files it attaches, the sender's address, its log. */
type MailboxDeps = Pick<JobDeps, 'db' | 'config' | 'files' | 'faxFilesOf' | 'systemSettings' | 'logger'>;

/**
 * An e-mail owed, in the caller's transaction (which records that it is owed): with a relay (SMTP_URL), its send job is
 * queued there, to hand it over once this commits; without one, it is kept in the local mailbox there and then, that
 * mailbox being this database (decision 144): the message commits with the record that it was owed, or neither does.
 */
export async function keepOrQueueEmail(
  deps: Omit<MailboxDeps, 'db'> & { tx: Database; client: SqlExecutor; queue: Queue },
  email: TEmail,
  options: { dedupeKey: string },
): Promise<void> {
  if (deps.config.smtpUrl) await deps.queue.send(sendEmailJob, email, { transaction: deps.client, dedupeKey: options.dedupeKey });
  else await keepInLocalMailbox({ ...deps, db: deps.tx }, ZEmail.parse(email));
}

/**
 * Keeps an e-mail in the local mailbox, with its attachments' names and sizes: the job's work without a relay, and
 * keepOrQueueEmail's (`deps.db` is then the caller's transaction). Once per Message-ID (keepInMailbox).
 */
async function keepInLocalMailbox(deps: MailboxDeps, { attachments: references = [], ...email }: z.output<typeof ZEmail>): Promise<void> {
  const { db, config, logger } = deps;
  const attachments = await resolveFaxAttachments(deps, references);
  if (!attachments) {
    logger.info({ to: email.to, subject: email.subject }, FAX_DELETED);
    return;
  }
  const kept = await keepInMailbox(db, email.messageId, {
    from: await deps.systemSettings.mailFrom(config.mailFrom),
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    replyTo: email.replyTo ?? null,
    attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, size: content.byteLength })),
  });
  logger.info({ to: email.to, subject: email.subject }, kept ? 'e-mail kept in the local mailbox' : 'e-mail already in the local mailbox');
}

/**
 * Keeps the e-mail in the local mailbox and records its handover, in one statement: once per Message-ID however often
 * its job runs (a try a relay left unended counts as interrupted, as startTry counts it). Returns whether it was kept.
 */
async function keepInMailbox(db: Database, messageId: string | undefined, message: typeof mailboxMessages.$inferInsert): Promise<boolean> {
  if (!messageId) {
    await db.insert(mailboxMessages).values(message);
    return true;
  }
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH handover AS (
      INSERT INTO ${emailHandovers} (message_id, tries, try_started_at, try_ended_at, handed_over_at)
      VALUES (${messageId}, 1, now(), now(), now())
      ON CONFLICT (message_id) DO UPDATE SET
        tries = ${emailHandovers.tries} + 1,
        interrupted_tries = ${emailHandovers.interruptedTries} + (${emailHandovers.tryEndedAt} IS NULL)::int,
        try_started_at = now(), try_ended_at = now(), handed_over_at = now(), last_error = NULL
      WHERE ${emailHandovers.handedOverAt} IS NULL
      RETURNING message_id
    )
    INSERT INTO ${mailboxMessages} ("from", "to", subject, text, html, attachments, reply_to)
    SELECT ${message.from ?? null}, ${message.to}, ${message.subject}, ${message.text}, ${message.html},
      ${JSON.stringify(message.attachments ?? [])}::jsonb, ${message.replyTo ?? null}
    FROM handover
    RETURNING id`);
  return rows.length > 0;
}

/**
 * Writes the start of a try before the e-mail is handed over; false when it already was (a run whose worker died
 * after the relay's "accepted" but before the queue recorded the job done). Runs for one Message-ID never overlap
 * (exclusive key), so a try found started and never ended is one its worker died in: it is counted as interrupted.
 */
async function startTry(db: Database, messageId: string): Promise<boolean> {
  const [row] = await db
    .insert(emailHandovers)
    .values({ messageId, tries: 1, tryStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: emailHandovers.messageId,
      set: {
        tries: sql`${emailHandovers.tries} + 1`,
        interruptedTries: sql`${emailHandovers.interruptedTries} + (${emailHandovers.tryEndedAt} is null)::int`,
        tryStartedAt: sql`now()`,
        tryEndedAt: null,
      },
      setWhere: sql`${emailHandovers.handedOverAt} is null`,
    })
    .returning({ messageId: emailHandovers.messageId });
  return row !== undefined;
}

/** Runs the handover and records its end: handed over, or the relay's refusal (the job then fails and is retried). */
async function endTry(db: Database, messageId: string | undefined, handOver: () => Promise<unknown>): Promise<void> {
  try {
    await handOver();
  } catch (error) {
    if (messageId)
      await db
        .update(emailHandovers)
        .set({ tryEndedAt: sql`now()`, lastError: String((error as Error)?.message ?? error).slice(0, 500) })
        .where(eq(emailHandovers.messageId, messageId));
    throw error;
  }
  if (messageId) await markHandedOver(db, messageId);
}

async function markHandedOver(db: Database, messageId: string): Promise<void> {
  await db
    .update(emailHandovers)
    .set({ tryEndedAt: sql`now()`, handedOverAt: sql`now()`, lastError: null })
    .where(eq(emailHandovers.messageId, messageId));
}
