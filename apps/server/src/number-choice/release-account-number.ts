import type { TReleasedAccountNumber } from '@faxline/shared';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { setNumberInbox } from '../inboxes/number-inboxes';
import { releaseNumberFromAccount } from '../numbers/release-account-number';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';

/**
 * The owner gives a number back (decision 112): faxes to it stop arriving at once, its inbox and settings go, and it
 * is quarantined before anyone may take it. A month already charged is not refunded: it was billed in advance.
 */
export async function releaseAccountNumber(db: Database, actor: Actor, numberId: string): Promise<TReleasedAccountNumber> {
  const accountId = actor.member.accountId;
  return inTransaction(db, async (tx) => {
    const released = await releaseNumberFromAccount(tx, { accountId, numberId });
    await setNumberInbox(tx, accountId, released.phoneNumber, null);
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { phoneNumber: released.phoneNumber, quarantinedUntil: released.quarantinedUntil.toISOString() }),
      action: 'number.release',
      objectType: 'fax_number',
      objectId: numberId,
      outcome: 'success',
    });
    return { phoneNumber: released.phoneNumber, quarantinedUntil: released.quarantinedUntil.toISOString() };
  });
}
