import { SENDER_RESEND_MINUTES, type TEmailToFaxSettings } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { emailToFaxSenders } from './schema';
import { sendSenderLink } from './sender-links';
import { readEmailToFaxSettings, type SettingsDeps } from './settings';

/**
 * Another link for an address the account asked for and that is still waiting (its link expired, or never arrived).
 * Not within SENDER_RESEND_MINUTES of the last one: the address's owner is not to be flooded.
 */
export async function resendSenderLink(
  deps: SettingsDeps,
  actor: { userId: string; accountId: string; ip: string },
  address: string,
  now = new Date(),
): Promise<TEmailToFaxSettings> {
  await inTransaction(deps.db, async (tx, client) => {
    const [row] = await tx
      .select()
      .from(emailToFaxSenders)
      .where(and(eq(emailToFaxSenders.accountId, actor.accountId), eq(emailToFaxSenders.address, address)))
      .for('update');
    if (!row) throw new AppError('not_found', 'errors.senderNotListed', {}, 'body.address');
    if (row.status === 'active') throw new AppError('conflict', 'errors.senderAlreadyConfirmed', {}, 'body.address');
    if (row.sentAt && now.getTime() - row.sentAt.getTime() < SENDER_RESEND_MINUTES * 60_000) {
      throw new AppError('rate_limited', 'errors.senderResentRecently', {}, 'body.address');
    }
    await sendSenderLink({ tx, client, queue: deps.queue, publicUrl: deps.config.publicUrl }, row.id, now);
    await recordAuditEvent(tx, {
      actorUserId: actor.userId,
      accountId: actor.accountId,
      ip: actor.ip,
      action: 'account.email_to_fax_sender_resent',
      objectType: 'email_sender',
      objectId: address,
      outcome: 'success',
    });
  });
  return readEmailToFaxSettings(deps.db, actor.accountId, deps.config.emailToFax);
}
