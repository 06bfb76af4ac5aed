import type { TFaxIdentity, TSaveFaxIdentityRequest } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { numberSettingsOf, saveNumberSettings } from '../numbers/account-numbers';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { accounts } from './schema';

/**
 * The account's fax identity: its header line and its numbers' station ids, as the settings page shows them. Each sent
 * fax's line identity is made from it (faxes/line-identity.ts).
 */
export async function readFaxIdentity(db: Database, accountId: string): Promise<TFaxIdentity> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new AppError('not_found', 'errors.forbidden');
  const numbers = await numberSettingsOf(db, accountId);
  return {
    header: { enabled: account.faxHeaderEnabled, name: account.faxHeaderName ?? '', timeZone: account.timeZone },
    accountName: account.name,
    numbers: numbers.map((number) => ({ phoneNumber: number.phoneNumber, stationId: number.stationId ?? '' })),
  };
}

/** Saves both at once; a number that is not the account's is refused and nothing changes. */
export async function saveFaxIdentity(db: Database, accountId: string, request: Required<TSaveFaxIdentityRequest>): Promise<TFaxIdentity> {
  await inTransaction(db, async (tx) => {
    await tx
      .update(accounts)
      .set({ faxHeaderEnabled: request.header.enabled, faxHeaderName: request.header.name || null, timeZone: request.header.timeZone })
      .where(eq(accounts.id, accountId));
    for (const number of request.numbers) {
      const saved = await saveNumberSettings(tx, accountId, number.phoneNumber, { stationId: number.stationId || null });
      if (!saved) throw new AppError('invalid_request', 'errors.numberNotYours', { number: number.phoneNumber });
    }
  });
  return readFaxIdentity(db, accountId);
}
