import type { TFaxIdentity, TSaveFaxIdentityRequest } from '@faxline/shared';
import { faxHeaderOf, saveFaxHeader } from '../accounts/fax-settings';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { numberSettingsOf, saveNumberSettings } from './account-numbers';

/**
 * The account's fax identity: its header line (kept by the account, accounts/fax-settings.ts) and its numbers' station
 * ids, as the settings page shows them. Each sent
 * fax's line identity is made from it (faxes/line-identity.ts).
 */
export async function readFaxIdentity(db: Database, accountId: string): Promise<TFaxIdentity> {
  const header = await faxHeaderOf(db, accountId);
  if (!header) throw new AppError('not_found', 'errors.forbidden');
  const numbers = await numberSettingsOf(db, accountId);
  return {
    header: { enabled: header.enabled, name: header.name ?? '', timeZone: header.timeZone },
    accountName: header.accountName,
    numbers: numbers.map((number) => ({ phoneNumber: number.phoneNumber, stationId: number.stationId ?? '' })),
  };
}

/** Saves both at once; a number that is not the account's is refused and nothing changes. */
export async function saveFaxIdentity(db: Database, accountId: string, request: Required<TSaveFaxIdentityRequest>): Promise<TFaxIdentity> {
  await inTransaction(db, async (tx) => {
    await saveFaxHeader(tx, accountId, {
      enabled: request.header.enabled,
      name: request.header.name || null,
      timeZone: request.header.timeZone,
    });
    for (const number of request.numbers) {
      const saved = await saveNumberSettings(tx, accountId, number.phoneNumber, { stationId: number.stationId || null });
      if (!saved) throw new AppError('invalid_request', 'errors.numberNotYours', { number: number.phoneNumber });
    }
  });
  return readFaxIdentity(db, accountId);
}
