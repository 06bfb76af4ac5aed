import { eq } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { FaxHeader } from '../lines/fax-line';
import { faxNumbers } from '../numbers/schema';
import type { Database } from '../platform/db/client';
import type { FaxRow } from './fax-access';

/**
 * How a sent fax introduces itself on the line: the station id (TSI) of its From number, set per
 * number (the number itself by default), and the account's header line (its name, or the one it chose, and its time
 * zone), unless the account turned the header off.
 */
export async function faxIdentity(
  db: Database,
  fax: Pick<FaxRow, 'accountId' | 'fromNumber'>,
): Promise<{ stationId: string | null; header: FaxHeader | null }> {
  const [account] = await db
    .select({ name: accounts.name, enabled: accounts.faxHeaderEnabled, headerName: accounts.faxHeaderName, timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, fax.accountId));
  const [number] = fax.fromNumber
    ? await db.select({ stationId: faxNumbers.stationId }).from(faxNumbers).where(eq(faxNumbers.phoneNumber, fax.fromNumber))
    : [];
  return {
    stationId: number?.stationId ?? fax.fromNumber,
    header: account?.enabled ? { name: account.headerName ?? account.name, timeZone: account.timeZone } : null,
  };
}
