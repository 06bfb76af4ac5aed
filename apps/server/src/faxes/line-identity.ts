import { eq, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { FaxHeader } from '../lines/fax-line';
import { faxNumbers } from '../numbers/schema';
import type { Database } from '../platform/db/client';
import type { FaxRow } from './fax-access';

/** How one sent fax introduces itself on the line: the station id (TSI) it sends and the header line above its pages. */
export type LineIdentity = { stationId: string | null; header: FaxHeader | null };

/**
 * The line identity of a sent fax, from the account's fax identity (numbers/fax-identity.ts, its settings page): the
 * station id of its From number, set per number (the number itself by default), and the account's header line (its
 * name, or the one it chose, and its time zone), unless the account turned the header off.
 */
export async function lineIdentityOf(db: Database, fax: Pick<FaxRow, 'accountId' | 'fromNumber'>): Promise<LineIdentity> {
  // One statement, read before every call: the number's station id rides along the account's row.
  const numberStationId = fax.fromNumber
    ? sql<string | null>`(SELECT ${faxNumbers.stationId} FROM ${faxNumbers} WHERE ${eq(faxNumbers.phoneNumber, fax.fromNumber)})`
    : sql<string | null>`NULL`;
  const [account] = await db
    .select({
      name: accounts.name,
      enabled: accounts.faxHeaderEnabled,
      headerName: accounts.faxHeaderName,
      timeZone: accounts.timeZone,
      numberStationId,
    })
    .from(accounts)
    .where(eq(accounts.id, fax.accountId));
  return {
    stationId: account?.numberStationId ?? fax.fromNumber,
    header: account?.enabled ? { name: account.headerName ?? account.name, timeZone: account.timeZone } : null,
  };
}
