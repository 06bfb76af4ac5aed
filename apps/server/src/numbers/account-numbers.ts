import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { clock } from '../platform/clock';
import { quarantineEndFrom } from './quarantine';
import { faxNumbers } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What an account sets on a number it holds: the station id it sends, the extra addresses its faxes are e-mailed to. */
export type NumberSettings = Partial<{ stationId: string | null; emailRecipients: string[] }>;

/** The numbers an account holds with its settings of each, oldest first (its settings pages). */
export async function numberSettingsOf(db: Database, accountId: string) {
  return db
    .select({ phoneNumber: faxNumbers.phoneNumber, stationId: faxNumbers.stationId, emailRecipients: faxNumbers.emailRecipients })
    .from(faxNumbers)
    .where(eq(faxNumbers.accountId, accountId))
    .orderBy(asc(faxNumbers.assignedAt));
}

/** One number of an account, by its id or its phone number; null when the account does not hold it (any longer). */
export async function numberOfAccount(
  db: Database,
  accountId: string,
  number: { id: string } | { phoneNumber: string },
): Promise<{ id: string; phoneNumber: string; emailRecipients: string[] } | null> {
  const [row] = await db
    .select({ id: faxNumbers.id, phoneNumber: faxNumbers.phoneNumber, emailRecipients: faxNumbers.emailRecipients })
    .from(faxNumbers)
    .where(
      and(
        'id' in number ? eq(faxNumbers.id, number.id) : eq(faxNumbers.phoneNumber, number.phoneNumber),
        eq(faxNumbers.accountId, accountId),
      ),
    );
  return row ?? null;
}

/** Saves an account's settings of one of its numbers; false (and nothing written) when the number is not the account's. */
export async function saveNumberSettings(
  db: Database | Tx,
  accountId: string,
  phoneNumber: string,
  settings: NumberSettings,
): Promise<boolean> {
  const updated = await db
    .update(faxNumbers)
    .set(settings)
    .where(and(eq(faxNumbers.phoneNumber, phoneNumber), eq(faxNumbers.accountId, accountId)))
    .returning({ id: faxNumbers.id });
  return updated.length > 0;
}

/** Takes an address off the extra addresses of a number of the account (its unsubscribe link); again, nothing changes. */
export async function removeEmailRecipient(db: Database, number: { numberId: string; accountId: string }, address: string): Promise<void> {
  await db
    .update(faxNumbers)
    .set({ emailRecipients: sql`array_remove(${faxNumbers.emailRecipients}, ${address})` })
    .where(and(eq(faxNumbers.id, number.numberId), eq(faxNumbers.accountId, number.accountId)));
}

/**
 * An account's numbers go back to the inventory (the account is being deleted), quarantined as a customer's release
 * is (decision 112): faxes still sent to the deleted customer do not reach whoever signs up next.
 */
export async function releaseNumbersOf(db: Database | Tx, accountId: string): Promise<void> {
  await db
    .update(faxNumbers)
    .set({
      status: 'available',
      accountId: null,
      assignedAt: null,
      stationId: null,
      emailRecipients: [],
      quarantinedUntil: quarantineEndFrom(clock.now()),
    })
    .where(eq(faxNumbers.accountId, accountId));
}

/** An account's numbers as its numbers page shows them, in the order they were added (the allowance covers the first). */
export async function heldNumbersOf(db: Database | Tx, accountId: string) {
  return db
    .select({
      id: faxNumbers.id,
      phoneNumber: faxNumbers.phoneNumber,
      countryCode: faxNumbers.countryCode,
      stationId: faxNumbers.stationId,
      assignedAt: faxNumbers.assignedAt,
    })
    .from(faxNumbers)
    .where(and(eq(faxNumbers.accountId, accountId), eq(faxNumbers.status, 'assigned')))
    .orderBy(asc(faxNumbers.assignedAt), asc(faxNumbers.phoneNumber));
}

/** How many numbers each account holds, for the accounts holding more than `atLeast` - 1 (the monthly charge's sweep). */
export async function heldNumberCounts(db: Database, atLeast: number): Promise<Array<{ accountId: string; held: number }>> {
  const rows = await db
    .select({ accountId: faxNumbers.accountId, held: sql<number>`count(*)::int` })
    .from(faxNumbers)
    .where(eq(faxNumbers.status, 'assigned'))
    .groupBy(faxNumbers.accountId)
    .having(sql`count(*) >= ${atLeast}`);
  return rows.flatMap((row) => (row.accountId ? [{ accountId: row.accountId, held: row.held }] : []));
}
