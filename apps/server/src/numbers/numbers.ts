import { countryOf } from '@faxline/shared';
import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { Database } from '../platform/db/client';
import { outerColumn } from '../platform/db/outer-column';
import { claimSeedRun } from '../platform/db/seed-runs';
import { clock } from '../platform/clock';
import { takeableAt } from './quarantine';
import { faxNumbers } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Gives the account the oldest free number, if any; two sign-ups at once never get the same one. */
export async function assignFreeNumber(db: Database | Tx, accountId: string): Promise<string | null> {
  // A number in its quarantine after a customer released it (decision 112) is not free yet.
  const rows = await db.execute<{ phone_number: string }>(sql`
    UPDATE ${faxNumbers} SET status = 'assigned', account_id = ${accountId}, assigned_at = now(), quarantined_until = NULL
    WHERE id = (SELECT id FROM ${faxNumbers} WHERE ${takeableAt(clock.now())} ORDER BY created_at, phone_number LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING phone_number`);
  return rows.rows[0]?.phone_number ?? null;
}

/** The numbers an account holds (`account`: its id, or the column of a read of `accounts`). */
const heldBy = (account: string | SQLWrapper) => and(eq(faxNumbers.accountId, account), eq(faxNumbers.status, 'assigned'));
/** The order an account's numbers are given in: the first is its sending number by default. */
const accountOrder = asc(faxNumbers.assignedAt);

export async function numbersOfAccount(db: Database, accountId: string) {
  return db.select().from(faxNumbers).where(heldBy(accountId)).orderBy(accountOrder);
}

/**
 * The account's numbers as numbersOfAccount gives them, as a column of a read of `accounts` (a send reads them with its
 * account's terms).
 */
export const assignedNumbersColumn = sql<string[]>`(
  SELECT coalesce(array_agg(${faxNumbers.phoneNumber} ORDER BY ${accountOrder}), '{}') FROM ${faxNumbers} WHERE ${heldBy(outerColumn(accounts.id))}
)`;

/** The account holding a number, when it is one of ours: a fax to it goes over the internal line. */
export async function accountHoldingNumber(db: Database, phoneNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: faxNumbers.accountId })
    .from(faxNumbers)
    .where(and(eq(faxNumbers.phoneNumber, phoneNumber), eq(faxNumbers.status, 'assigned')));
  return row?.accountId ?? null;
}

export const SANDBOX_INVENTORY_SEED = 'fax-number-inventory-v1';

/**
 * Faxline's own numbers, from the range reserved for fiction (+1 415 555-0100 to 555-0199): they reach only other
 * Faxline accounts (the internal line). Seeded once into a new database; numbers from carriers come beside them.
 */
export async function seedNumberInventory(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimSeedRun(tx, SANDBOX_INVENTORY_SEED))) return false;
    const numbers = Array.from({ length: 100 }, (_, i) => `+1415555${String(100 + i).padStart(4, '0')}`);
    await tx
      .insert(faxNumbers)
      .values(
        numbers.map((phoneNumber, i) => ({
          phoneNumber,
          countryCode: countryOf(phoneNumber) ?? 'US',
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })),
      )
      .onConflictDoNothing();
    return true;
  });
}
