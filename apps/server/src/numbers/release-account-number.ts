import { and, eq } from 'drizzle-orm';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { quarantineEndFrom } from './quarantine';
import { faxNumbers } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * An account gives one of its numbers back (decision 112): it returns to the inventory quarantined, so that nobody,
 * the same account included, can take it for NUMBER_QUARANTINE_DAYS, and faxes still sent to it by the last holder's
 * correspondents reach no one else meanwhile. Its settings (station id, extra addresses) go with the holder.
 */
export async function releaseNumberFromAccount(
  db: Database | Tx,
  input: { accountId: string; numberId: string; now?: Date },
): Promise<{ phoneNumber: string; quarantinedUntil: Date }> {
  const quarantinedUntil = quarantineEndFrom(input.now ?? clock.now());
  const [released] = await db
    .update(faxNumbers)
    .set({ status: 'available', accountId: null, assignedAt: null, stationId: null, emailRecipients: [], quarantinedUntil })
    .where(and(eq(faxNumbers.id, input.numberId), eq(faxNumbers.accountId, input.accountId), eq(faxNumbers.status, 'assigned')))
    .returning({ phoneNumber: faxNumbers.phoneNumber });
  if (!released) throw new AppError('not_found', 'errors.numberNotFound');
  return { phoneNumber: released.phoneNumber, quarantinedUntil };
}
