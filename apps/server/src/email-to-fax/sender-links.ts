import { createHash, randomBytes } from 'node:crypto';
import { SENDER_CONFIRMATION_DAYS, webPaths } from '@faxline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { languageOf } from '../auth/auth';
import { users } from '../auth/schema';
import { renderSenderConfirmationEmail } from '../email/render-sender-emails';
import { sendEmailJob } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { inTransaction } from '../platform/db/transaction';
import type { Queue } from '../platform/queue/define-job';
import { emailToFaxSenders } from './schema';

/** A link's secret is kept only as its hash: a copy of the database confirms nothing. */
export const hashOfSenderToken = (token: string) => createHash('sha256').update(token).digest('hex');

type LinkDeps = { tx: Database; client: SqlExecutor; queue: Queue; publicUrl: string };

/**
 * Sends the owner of a waiting address a new confirmation link, in the caller's transaction: a fresh secret (the one
 * before stops working), valid for SENDER_CONFIRMATION_DAYS, in the language of the person who asked.
 */
export async function sendSenderLink(deps: LinkDeps, senderId: string, now = new Date()): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SENDER_CONFIRMATION_DAYS * 86_400_000);
  const [row] = await deps.tx
    .update(emailToFaxSenders)
    .set({ tokenHash: hashOfSenderToken(token), expiresAt, sentAt: now })
    .where(and(eq(emailToFaxSenders.id, senderId), eq(emailToFaxSenders.status, 'pending')))
    .returning();
  if (!row) return;
  const [asking] = await deps.tx
    .select({ accountName: accounts.name, person: users.name, language: users.language })
    .from(accounts)
    .leftJoin(users, eq(users.id, row.requestedBy ?? ''))
    .where(eq(accounts.id, row.accountId));
  const url = `${deps.publicUrl}${webPaths.confirmEmailSender.path}?token=${token}`;
  const email = renderSenderConfirmationEmail({
    to: row.address,
    language: languageOf(asking?.language),
    accountName: asking?.accountName ?? '',
    requestedBy: asking?.person ?? null,
    url,
  });
  await deps.queue.send(sendEmailJob, email, { transaction: deps.client });
}

/**
 * Sends the links never sent: the addresses allowed before they had to be confirmed, which the migration left waiting.
 * Each in its own transaction, so that one row's trouble holds back no other; a run again sends nothing twice.
 */
export async function sendUnsentSenderLinks(deps: { db: Database; queue: Queue; publicUrl: string }): Promise<number> {
  const unsent = await deps.db
    .select({ id: emailToFaxSenders.id })
    .from(emailToFaxSenders)
    .where(and(eq(emailToFaxSenders.status, 'pending'), isNull(emailToFaxSenders.sentAt)))
    .limit(500);
  for (const { id } of unsent) {
    await inTransaction(deps.db, async (tx, client) => {
      const [row] = await tx
        .select({ sentAt: emailToFaxSenders.sentAt })
        .from(emailToFaxSenders)
        .where(eq(emailToFaxSenders.id, id))
        .for('update');
      if (row && !row.sentAt) await sendSenderLink({ tx, client, queue: deps.queue, publicUrl: deps.publicUrl }, id);
    });
  }
  return unsent.length;
}
