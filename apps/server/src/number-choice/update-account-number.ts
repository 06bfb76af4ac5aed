import type { TAccountNumbers } from '@faxline/shared';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { setNumberInbox } from '../inboxes/number-inboxes';
import { numberOfAccount, saveNumberSettings } from '../numbers/account-numbers';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { listAccountNumbers } from './list-account-numbers';

/**
 * Names a number's inbox (where its received faxes land) and its station id (what its sent faxes give), each when
 * given, together or not at all. A number the account does not hold is a 404.
 */
export async function updateAccountNumber(
  db: Database,
  actor: Actor,
  numberId: string,
  changes: { stationId?: string | undefined; inboxId?: string | null | undefined },
): Promise<TAccountNumbers> {
  const accountId = actor.member.accountId;
  const number = await numberOfAccount(db, accountId, { id: numberId });
  if (!number) throw new AppError('not_found', 'errors.numberNotFound');
  await inTransaction(db, async (tx) => {
    if (changes.stationId !== undefined)
      await saveNumberSettings(tx, accountId, number.phoneNumber, { stationId: changes.stationId || null });
    if (changes.inboxId !== undefined) await setNumberInbox(tx, accountId, number.phoneNumber, changes.inboxId);
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { phoneNumber: number.phoneNumber, ...changes }),
      action: 'number.settings',
      objectType: 'fax_number',
      objectId: number.id,
      outcome: 'success',
    });
  });
  return listAccountNumbers(db, accountId);
}
